import { Field as ArkField } from '@ark-ui/react/field';
import { createStyleContext } from 'styled-system/jsx';
import { field, textarea } from 'styled-system/recipes';

const { withProvider, withContext } = createStyleContext(field);

const Root = withProvider(ArkField.Root, 'root');
const Label = withContext(ArkField.Label, 'label');
const RequiredIndicator = withContext(ArkField.RequiredIndicator, 'requiredIndicator');
const ErrorText = withContext(ArkField.ErrorText, 'errorText');

export interface TextareaFieldProps {
  label: string;
  name: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string;
  required?: boolean;
  disabled?: boolean;
  rows?: number;
}

/** A labelled multi-line input with its message below, wired like TextField. */
export function TextareaField({ label, name, value, onValueChange, error, required, disabled, rows = 5 }: TextareaFieldProps) {
  return (
    <Root invalid={Boolean(error)} required={required} disabled={disabled}>
      <span>
        <Label>{label}</Label>
        <RequiredIndicator aria-hidden="true">*</RequiredIndicator>
      </span>
      <ArkField.Textarea className={textarea()} name={name} rows={rows} value={value} onChange={(e) => onValueChange(e.currentTarget.value)} />
      <ErrorText>{error}</ErrorText>
    </Root>
  );
}
