import { Field as ArkField } from '@ark-ui/react/field';
import { input } from 'styled-system/recipes/input';
import { cx } from 'styled-system/css';
import type { ReactNode } from 'react';
import { FieldLabel, FieldPart } from './field-parts';

const { Root, ErrorText, HelperText } = FieldPart;

export interface TextFieldProps {
  label: string;
  name: string;
  value: string | number;
  onValueChange: (value: string) => void;
  error?: string;
  required?: boolean;
  type?: 'text' | 'email' | 'password' | 'number' | 'url' | 'search' | 'date';
  autoComplete?: string;
  hint?: ReactNode;
  placeholder?: string;
  disabled?: boolean;
  min?: number;
  max?: number;
  step?: number;
  unit?: string;
  maxLength?: number;
  className?: string;
}

/**
 * A labelled input: a required asterisk, the message below when invalid (and aria-invalid), an optional hint and
 * unit label. Ark's Field wires the label, description and error to the input for assistive tech.
 */
export function TextField(props: TextFieldProps) {
  const { label, name, value, onValueChange, error, required, type = 'text', hint, unit, className, ...rest } = props;
  return (
    <Root invalid={Boolean(error)} required={required} disabled={props.disabled} className={className}>
      <FieldLabel>{unit ? `${label} (${unit})` : label}</FieldLabel>
      <ArkField.Input
        className={cx(input())}
        name={name}
        type={type}
        value={value}
        onChange={(e) => onValueChange(e.currentTarget.value)}
        {...rest}
      />
      {hint ? <HelperText>{hint}</HelperText> : null}
      <ErrorText>{error}</ErrorText>
    </Root>
  );
}
