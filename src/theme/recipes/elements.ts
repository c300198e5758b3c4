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
      outline: { borderWidth: '1px', borderColor: 'border', bg: 'bg.surface', _hover: { bg: 'bg.subtle' } },
      ghost: { bg: 'transparent', _hover: { bg: 'bg.subtle' } },
      danger: { bg: 'danger', color: 'white', _hover: { opacity: 0.9 } },
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
      neutral: { bg: 'gray.200', color: 'gray.800' },
      accent: { bg: 'accent.subtle', color: 'accent.emphasized' },
      success: { bg: 'green.100', color: 'green.800' },
      danger: { bg: 'red.100', color: 'red.800' },
      warning: { bg: 'amber.100', color: 'amber.900' },
    },
  },
  defaultVariants: { tone: 'neutral' },
});

export const alert = defineRecipe({
  className: 'alert',
  base: { borderRadius: 'md', px: '4', py: '3', borderLeftWidth: '4px' },
  variants: {
    status: {
      info: { bg: 'blue.50', borderColor: 'info', color: 'blue.900' },
      success: { bg: 'green.50', borderColor: 'success', color: 'green.900' },
      danger: { bg: 'red.50', borderColor: 'danger', color: 'red.900' },
      warning: { bg: 'amber.50', borderColor: 'warning', color: 'amber.900' },
    },
  },
  defaultVariants: { status: 'info' },
});

export const card = defineRecipe({
  className: 'card',
  base: { bg: 'bg.surface', borderWidth: '1px', borderColor: 'border', borderRadius: 'lg', p: '5', boxShadow: 'sm' },
});
