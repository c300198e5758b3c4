import { defineSlotRecipe } from '@pandacss/dev';
import { avatarAnatomy, dialogAnatomy, fieldAnatomy, menuAnatomy, tabsAnatomy } from '@ark-ui/react/anatomy';

export const field = defineSlotRecipe({
  className: 'field',
  slots: fieldAnatomy.keys(),
  base: {
    root: { display: 'flex', flexDirection: 'column', gap: '1.5' },
    label: { fontWeight: 'medium', fontSize: 'sm' },
    requiredIndicator: { color: 'danger', ms: '0.5' },
    errorText: { color: 'danger', fontSize: 'sm' },
    helperText: { color: 'fg.muted', fontSize: 'sm' },
  },
});

export const tabs = defineSlotRecipe({
  className: 'tabs',
  slots: tabsAnatomy.keys(),
  base: {
    list: { display: 'flex', gap: '1', borderBottomWidth: '1px', borderColor: 'border', mb: '4' },
    trigger: {
      px: '4',
      py: '2',
      fontWeight: 'semibold',
      color: 'fg.muted',
      cursor: 'pointer',
      borderBottomWidth: '2px',
      borderColor: 'transparent',
      mb: '-1px',
      _selected: { color: 'accent.default', borderColor: 'accent.default' },
      _focusVisible: { outline: '2px solid', outlineColor: 'accent.default' },
    },
  },
});

export const menu = defineSlotRecipe({
  className: 'menu',
  slots: menuAnatomy.keys(),
  base: {
    content: {
      bg: 'bg.surface',
      borderWidth: '1px',
      borderColor: 'border',
      borderRadius: 'md',
      boxShadow: 'lg',
      py: '1',
      minW: '44',
      zIndex: 'dropdown',
      _focusVisible: { outline: 'none' },
    },
    item: {
      display: 'flex',
      alignItems: 'center',
      px: '3',
      py: '2',
      // A fingertip's worth of height on a phone.
      minH: { base: '11', md: 'auto' },
      cursor: 'pointer',
      fontSize: 'sm',
      color: 'fg.default',
      textDecoration: 'none',
      _highlighted: { bg: 'bg.subtle' },
    },
    itemGroupLabel: { px: '3', py: '1', fontSize: 'xs', color: 'fg.muted', fontWeight: 'semibold' },
    separator: { my: '1', borderColor: 'border' },
  },
});

export const dialog = defineSlotRecipe({
  className: 'dialog',
  slots: dialogAnatomy.keys(),
  base: {
    backdrop: { position: 'fixed', inset: '0', bg: 'scrim', zIndex: 'overlay' },
    positioner: { position: 'fixed', inset: '0', display: 'flex', alignItems: 'center', justifyContent: 'center', zIndex: 'modal' },
    content: {
      bg: 'bg.surface',
      borderRadius: 'lg',
      p: '6',
      boxShadow: 'xl',
      maxW: 'md',
      w: 'full',
      display: 'flex',
      flexDirection: 'column',
      gap: '4',
    },
    title: { fontFamily: 'heading', fontWeight: 'bold', fontSize: 'xl' },
    description: { color: 'fg.muted' },
  },
});

export const avatar = defineSlotRecipe({
  className: 'avatar',
  slots: avatarAnatomy.keys(),
  base: {
    root: {
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      borderRadius: 'full',
      overflow: 'hidden',
      bg: 'bg.subtle',
      flexShrink: 0,
    },
    image: { w: 'full', h: 'full', objectFit: 'cover' },
    fallback: { color: 'fg.muted', display: 'flex', alignItems: 'center', justifyContent: 'center', w: 'full', h: 'full' },
  },
  variants: {
    size: {
      sm: { root: { w: '8', h: '8' } },
      lg: { root: { w: '32', h: '32' } },
    },
  },
  defaultVariants: { size: 'sm' },
});

/** The Dialog anatomy as a drawer from the left edge: the phone's side navigation. */
export const drawer = defineSlotRecipe({
  className: 'drawer',
  slots: dialogAnatomy.keys(),
  base: {
    backdrop: { position: 'fixed', inset: '0', bg: 'scrim', zIndex: 'overlay' },
    positioner: { position: 'fixed', insetBlock: '0', insetInlineStart: '0', display: 'flex', zIndex: 'modal' },
    content: {
      bg: 'bg.surface',
      boxShadow: 'xl',
      h: '100dvh',
      w: '80',
      maxW: '85vw',
      overflowY: 'auto',
      overscrollBehavior: 'contain',
      display: 'flex',
      flexDirection: 'column',
      _focusVisible: { outline: 'none' },
    },
    title: { fontFamily: 'heading', fontWeight: 'bold', fontSize: 'xl' },
    closeTrigger: {
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      w: '11',
      h: '11',
      borderRadius: 'md',
      cursor: 'pointer',
      _hover: { bg: 'bg.subtle' },
      _focusVisible: { outline: '2px solid', outlineColor: 'accent.default' },
    },
  },
});
