import { Field as ArkField } from '@ark-ui/react/field';
import { nativeSelect } from 'styled-system/recipes/native-select';
import { FieldLabel, FieldPart } from './field-parts';

const { Root, ErrorText } = FieldPart;

export interface SelectFieldProps<V extends string> {
  label: string;
  name: string;
  value: V;
  options: ReadonlyArray<{ value: V; label: string }>;
  onValueChange: (value: V) => void;
  error?: string;
  required?: boolean;
  disabled?: boolean;
}

/** A labelled native select (a few fixed choices), with the required asterisk and message like TextField. */
export function SelectField<V extends string>({
  label,
  name,
  value,
  options,
  onValueChange,
  error,
  required,
  disabled,
}: SelectFieldProps<V>) {
  return (
    <Root invalid={Boolean(error)} required={required} disabled={disabled}>
      <FieldLabel>{label}</FieldLabel>
      <ArkField.Select className={nativeSelect()} name={name} value={value} onChange={(e) => onValueChange(e.currentTarget.value as V)}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </ArkField.Select>
      <ErrorText>{error}</ErrorText>
    </Root>
  );
}
