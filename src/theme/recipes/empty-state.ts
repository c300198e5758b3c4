import { defineSlotRecipe } from '@pandacss/dev';

/** An empty list or page: a small illustration, what is (not) there, an invitation, and the one next step. */
export const emptyState = defineSlotRecipe({
  className: 'emptyState',
  slots: ['root', 'art', 'message', 'invitation', 'action'],
  base: {
    root: {
      display: 'flex',
      flexDirection: 'column',
      alignItems: 'center',
      textAlign: 'center',
      gap: '3',
      px: { base: '4', md: '8' },
      py: { base: '8', md: '12' },
      bg: 'bg.surface',
      borderWidth: '1px',
      borderStyle: 'dashed',
      borderColor: 'border.strong',
      borderRadius: 'xl',
    },
    art: { display: 'block', w: { base: '32', md: '40' }, h: 'auto', mb: '1', flexShrink: 0 },
    message: { fontFamily: 'heading', fontSize: { base: 'lg', md: 'xl' }, fontWeight: 'semibold', maxW: 'md', textWrap: 'balance' },
    invitation: { color: 'fg.muted', maxW: 'md', textWrap: 'pretty' },
    action: { display: 'flex', justifyContent: 'center', mt: '2' },
  },
});
