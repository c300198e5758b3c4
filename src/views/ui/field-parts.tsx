import { Field as ArkField } from '@ark-ui/react/field';
import { createStyleContext } from 'styled-system/jsx/create-style-context';
import { field } from 'styled-system/recipes/field';

const { withProvider, withContext } = createStyleContext(field);

/** Ark's Field parts with their slot styles: every labelled control is built from these. */
export const FieldPart = {
  Root: withProvider(ArkField.Root, 'root'),
  Label: withContext(ArkField.Label, 'label'),
  RequiredIndicator: withContext(ArkField.RequiredIndicator, 'requiredIndicator'),
  ErrorText: withContext(ArkField.ErrorText, 'errorText'),
  HelperText: withContext(ArkField.HelperText, 'helperText'),
};

/** The label with the required asterisk beside it, not in it, so the control's name stays exactly its label. */
export function FieldLabel({ children }: { children: string }) {
  return (
    <span>
      <FieldPart.Label>{children}</FieldPart.Label>
      <FieldPart.RequiredIndicator aria-hidden="true">*</FieldPart.RequiredIndicator>
    </span>
  );
}
