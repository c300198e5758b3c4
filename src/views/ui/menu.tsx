import { Menu as ArkMenu } from '@ark-ui/react/menu';
import { createStyleContext } from 'styled-system/jsx/create-style-context';
import { menu } from 'styled-system/recipes/menu';

const { withRootProvider, withContext } = createStyleContext(menu);

export const Menu = {
  Root: withRootProvider(ArkMenu.Root),
  Trigger: withContext(ArkMenu.Trigger, 'trigger'),
  Positioner: withContext(ArkMenu.Positioner, 'positioner'),
  Content: withContext(ArkMenu.Content, 'content'),
  Item: withContext(ArkMenu.Item, 'item'),
  ItemGroup: withContext(ArkMenu.ItemGroup, 'itemGroup'),
  ItemGroupLabel: withContext(ArkMenu.ItemGroupLabel, 'itemGroupLabel'),
  Separator: withContext(ArkMenu.Separator, 'separator'),
};
