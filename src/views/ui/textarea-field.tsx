import { Field as ArkField } from '@ark-ui/react/field';
import { textarea } from 'styled-system/recipes/textarea';
import { FieldLabel, FieldPart } from './field-parts';

const { Root, ErrorText } = FieldPart;

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
      <FieldLabel>{label}</FieldLabel>
      <ArkField.Textarea
        className={textarea()}
        name={name}
        rows={rows}
        value={value}
        onChange={(e) => onValueChange(e.currentTarget.value)}
      />
      <ErrorText>{error}</ErrorText>
    </Root>
  );
}
