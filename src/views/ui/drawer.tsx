import { Dialog as ArkDialog } from '@ark-ui/react/dialog';
import { createStyleContext } from 'styled-system/jsx/create-style-context';
import { drawer } from 'styled-system/recipes/drawer';

const { withRootProvider, withContext } = createStyleContext(drawer);

/** Ark's Dialog sliding in from the left edge. */
export const Drawer = {
  Root: withRootProvider(ArkDialog.Root),
  Backdrop: withContext(ArkDialog.Backdrop, 'backdrop'),
  Positioner: withContext(ArkDialog.Positioner, 'positioner'),
  Content: withContext(ArkDialog.Content, 'content'),
  Title: withContext(ArkDialog.Title, 'title'),
  CloseTrigger: withContext(ArkDialog.CloseTrigger, 'closeTrigger'),
};
