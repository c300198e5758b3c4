import { defineSlotRecipe } from '@pandacss/dev';
import { fileUploadAnatomy, progressAnatomy } from '@ark-ui/react/anatomy';

/** The Media tab's drop zone and the progress bar of each upload. */
export const fileUpload = defineSlotRecipe({
  className: 'file-upload',
  slots: fileUploadAnatomy.keys(),
  base: {
    root: { display: 'flex', flexDirection: 'column', gap: '3' },
    label: { fontWeight: 'semibold' },
    dropzone: {
      display: 'flex',
      flexDirection: 'column',
      alignItems: 'center',
      justifyContent: 'center',
      gap: '2',
      p: '6',
      borderWidth: '2px',
      borderStyle: 'dashed',
      borderColor: 'border.strong',
      borderRadius: 'lg',
      bg: 'bg.subtle',
      color: 'fg.muted',
      textAlign: 'center',
      cursor: 'pointer',
      _focusVisible: { outline: '2px solid', outlineColor: 'accent.default', outlineOffset: '2px' },
      _dragging: { borderColor: 'accent.default', bg: 'accent.subtle', color: 'accent.emphasized' },
    },
    trigger: {
      color: 'accent.default',
      fontWeight: 'semibold',
      textDecoration: 'underline',
      cursor: 'pointer',
      _focusVisible: { outline: '2px solid', outlineColor: 'accent.default' },
    },
  },
});

export const progress = defineSlotRecipe({
  className: 'progress',
  slots: progressAnatomy.keys(),
  base: {
    root: { display: 'flex', flexDirection: 'column', gap: '1', w: 'full' },
    label: { fontSize: 'sm' },
    track: { h: '2', w: 'full', bg: 'bg.subtle', borderRadius: 'full', overflow: 'hidden' },
    range: { h: 'full', bg: 'accent.default', transition: 'width 0.2s' },
    valueText: { fontSize: 'xs', color: 'fg.muted' },
  },
});
