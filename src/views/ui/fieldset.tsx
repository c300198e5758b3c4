import { Fieldset as ArkFieldset } from '@ark-ui/react/fieldset';
import { createStyleContext } from 'styled-system/jsx/create-style-context';
import { fieldset } from 'styled-system/recipes/fieldset';

const { withProvider, withContext } = createStyleContext(fieldset);

/** Grouped inputs under one legend, with one message for the group (e.g. hours, minutes and seconds of a duration). */
export const Fieldset = {
  Root: withProvider(ArkFieldset.Root, 'root'),
  Legend: withContext(ArkFieldset.Legend, 'legend'),
  HelperText: withContext(ArkFieldset.HelperText, 'helperText'),
  ErrorText: withContext(ArkFieldset.ErrorText, 'errorText'),
};
