import { Tabs as ArkTabs } from '@ark-ui/react/tabs';
import { createStyleContext } from 'styled-system/jsx/create-style-context';
import { tabs } from 'styled-system/recipes/tabs';

const { withProvider, withContext } = createStyleContext(tabs);

export const Tabs = {
  Root: withProvider(ArkTabs.Root, 'root'),
  List: withContext(ArkTabs.List, 'list'),
  Trigger: withContext(ArkTabs.Trigger, 'trigger'),
  Content: withContext(ArkTabs.Content, 'content'),
};
