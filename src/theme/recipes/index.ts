import { alert, badge, button, card, input } from './elements';
import { avatar, dialog, field, menu, tabs } from './slots';
import { checkbox } from './checkbox';

export const recipes = { button, input, badge, alert, card };
export const slotRecipes = { field, tabs, menu, dialog, avatar, checkbox };
