import { FileUpload as ArkFileUpload } from '@ark-ui/react/file-upload';
import { createStyleContext } from 'styled-system/jsx';
import { fileUpload } from 'styled-system/recipes';

const { withProvider, withContext } = createStyleContext(fileUpload);

export const FileUpload = {
  Root: withProvider(ArkFileUpload.Root, 'root'),
  Label: withContext(ArkFileUpload.Label, 'label'),
  Dropzone: withContext(ArkFileUpload.Dropzone, 'dropzone'),
  Trigger: withContext(ArkFileUpload.Trigger, 'trigger'),
  HiddenInput: ArkFileUpload.HiddenInput,
};
