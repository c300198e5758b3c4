import { alert, badge, button, card, input } from './elements';
import { avatar, dialog, drawer, field, menu, tabs } from './slots';
import { checkbox } from './checkbox';
import { fieldset, nativeSelect, tagsInput, textarea } from './artwork-form';
import { fileUpload, progress } from './media';
import { dataList, pagination, segmentGroup, select } from './list';
import { emptyState } from './empty-state';

export const recipes = { button, input, badge, alert, card, textarea, nativeSelect };
export const slotRecipes = {
  field,
  tabs,
  menu,
  dialog,
  drawer,
  avatar,
  checkbox,
  fieldset,
  tagsInput,
  fileUpload,
  progress,
  segmentGroup,
  select,
  pagination,
  dataList,
  emptyState,
};
