/** What every single-box form control shares: a bordered surface, the focus ring, and red only on the app's verdict. */
export const fieldControl = {
  w: 'full',
  px: '3',
  borderWidth: '1px',
  borderColor: 'border.strong',
  color: 'fg.default',
  borderRadius: 'md',
  bg: 'bg.surface',
  _focusVisible: { outline: '2px solid', outlineColor: 'accent.default', outlineOffset: '0' },
  // Only the app's own verdict marks a field invalid, not the browser's :invalid on an empty required input.
  '&[data-invalid], &[aria-invalid=true]': { borderColor: 'danger' },
} as const;
