import { defineSlotRecipe } from '@pandacss/dev';
import { checkboxAnatomy } from '@ark-ui/react/anatomy';

export const checkbox = defineSlotRecipe({
  className: 'checkbox',
  slots: checkboxAnatomy.keys(),
  base: {
    root: { display: 'inline-flex', alignItems: 'center', gap: '2', cursor: 'pointer' },
    control: {
      w: '5',
      h: '5',
      borderWidth: '2px',
      borderColor: 'border.strong',
      borderRadius: 'sm',
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'center',
      color: 'accent.fg',
      _checked: { bg: 'accent.default', borderColor: 'accent.default' },
      _focusVisible: { outline: '2px solid', outlineColor: 'accent.default', outlineOffset: '2px' },
    },
    label: { fontSize: 'sm' },
  },
});
