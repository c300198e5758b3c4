import type { ComponentProps } from 'react';
import { FileUpload as ArkFileUpload } from '@ark-ui/react/file-upload';
import { createStyleContext } from 'styled-system/jsx/create-style-context';
import { fileUpload } from 'styled-system/recipes/file-upload';

const { withProvider, withContext } = createStyleContext(fileUpload);

const StyledDropzone = withContext(ArkFileUpload.Dropzone, 'dropzone');

/**
 * A zone that takes dropped files and names itself; the Trigger inside it is the one button. A clickable zone
 * (Ark's default, role=button) around that button would nest one control in another (axe nested-interactive).
 */
function Dropzone({ label, ...props }: ComponentProps<typeof StyledDropzone> & { label: string }) {
  return <StyledDropzone disableClick role="group" aria-label={label} {...props} />;
}

export const FileUpload = {
  Root: withProvider(ArkFileUpload.Root, 'root'),
  Label: withContext(ArkFileUpload.Label, 'label'),
  Dropzone,
  Trigger: withContext(ArkFileUpload.Trigger, 'trigger'),
  HiddenInput: ArkFileUpload.HiddenInput,
};
