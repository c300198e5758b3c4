import { defineRecipe, defineSlotRecipe } from '@pandacss/dev';
import { fieldsetAnatomy, tagsInputAnatomy } from '@ark-ui/react/anatomy';
import { fieldControl } from './control';

/** The artwork form's parts: a multi-line input, grouped inputs (duration), tags and native selects. */
export const textarea = defineRecipe({
  className: 'textarea',
  base: { ...fieldControl, minH: '24', py: '2', resize: 'vertical' },
});

export const nativeSelect = defineRecipe({
  className: 'native-select',
  base: { ...fieldControl, h: '10' },
});

export const fieldset = defineSlotRecipe({
  className: 'fieldset',
  slots: fieldsetAnatomy.keys(),
  base: {
    root: { display: 'flex', flexDirection: 'column', gap: '1.5', border: 'none', p: '0', m: '0', minW: '0' },
    legend: { fontWeight: 'medium', fontSize: 'sm', mb: '1.5' },
    errorText: { color: 'danger', fontSize: 'sm' },
    helperText: { color: 'fg.muted', fontSize: 'sm' },
  },
});

export const tagsInput = defineSlotRecipe({
  className: 'tags-input',
  slots: tagsInputAnatomy.keys(),
  base: {
    root: { display: 'flex', flexDirection: 'column', gap: '1.5' },
    label: { fontWeight: 'medium', fontSize: 'sm' },
    control: {
      display: 'flex',
      flexWrap: 'wrap',
      alignItems: 'center',
      gap: '1.5',
      minH: '10',
      px: '2',
      py: '1',
      borderWidth: '1px',
      borderColor: 'border.strong',
      borderRadius: 'md',
      bg: 'bg.surface',
      _focusWithin: { outline: '2px solid', outlineColor: 'accent.default' },
      '&[data-invalid]': { borderColor: 'danger' },
    },
    input: { flex: '1', minW: '24', h: '8', outline: 'none', bg: 'transparent' },
    itemPreview: {
      display: 'inline-flex',
      alignItems: 'center',
      gap: '1',
      px: '2',
      py: '0.5',
      borderRadius: 'full',
      bg: 'accent.subtle',
      color: 'accent.emphasized',
      fontSize: 'sm',
      _highlighted: { outline: '2px solid', outlineColor: 'accent.default' },
    },
    itemDeleteTrigger: { cursor: 'pointer', px: '0.5', lineHeight: '1' },
    itemInput: { outline: 'none', fontSize: 'sm' },
  },
});
