import { defineRecipe } from '@pandacss/dev';
import { fieldControl } from './control';

export const button = defineRecipe({
  className: 'button',
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: '2',
    borderRadius: 'md',
    fontWeight: 'semibold',
    cursor: 'pointer',
    whiteSpace: 'nowrap',
    transition: 'background 0.15s',
    _focusVisible: { outline: '2px solid', outlineColor: 'accent.default', outlineOffset: '2px' },
    _disabled: { opacity: 0.5, cursor: 'not-allowed' },
  },
  variants: {
    variant: {
      solid: { bg: 'accent.default', color: 'accent.fg', _hover: { bg: 'accent.emphasized' } },
      outline: { borderWidth: '1px', borderColor: 'border.strong', bg: 'bg.surface', color: 'fg.default', _hover: { bg: 'bg.subtle' } },
      ghost: { bg: 'transparent', color: 'fg.default', _hover: { bg: 'bg.subtle' } },
      danger: { bg: 'danger', color: 'danger.fg', _hover: { bg: 'danger.emphasized' } },
      link: { color: 'accent.default', textDecoration: 'underline', px: '0!', h: 'auto!' },
    },
    size: {
      sm: { h: '8', px: '3', fontSize: 'sm' },
      // A fingertip's 44 px on a phone.
      md: { h: { base: '11', md: '10' }, px: '4', fontSize: 'md' },
    },
  },
  defaultVariants: { variant: 'solid', size: 'md' },
});

export const input = defineRecipe({
  className: 'input',
  base: { ...fieldControl, h: '10' },
});

export const badge = defineRecipe({
  className: 'badge',
  base: { display: 'inline-flex', alignItems: 'center', px: '2', py: '0.5', borderRadius: 'full', fontSize: 'xs', fontWeight: 'semibold' },
  variants: {
    tone: {
      neutral: { bg: 'bg.subtle', color: 'fg.default' },
      accent: { bg: 'accent.subtle', color: 'accent.emphasized' },
      success: { bg: 'success.subtle', color: 'success.emphasized' },
      danger: { bg: 'danger.subtle', color: 'danger.emphasized' },
      warning: { bg: 'warning.subtle', color: 'warning.emphasized' },
    },
  },
  defaultVariants: { tone: 'neutral' },
});

export const alert = defineRecipe({
  className: 'alert',
  base: { borderRadius: 'md', px: '4', py: '3', borderLeftWidth: '4px' },
  variants: {
    status: {
      info: { bg: 'info.subtle', borderColor: 'info', color: 'info.emphasized' },
      success: { bg: 'success.subtle', borderColor: 'success', color: 'success.emphasized' },
      danger: { bg: 'danger.subtle', borderColor: 'danger', color: 'danger.emphasized' },
      warning: { bg: 'warning.subtle', borderColor: 'warning', color: 'warning.emphasized' },
    },
  },
  defaultVariants: { status: 'info' },
});

export const card = defineRecipe({
  className: 'card',
  base: { bg: 'bg.surface', borderWidth: '1px', borderColor: 'border', borderRadius: 'xl', p: '5', boxShadow: 'sm' },
});
