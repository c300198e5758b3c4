import { defineSemanticTokens, defineTokens } from '@pandacss/dev';

export const theme = {
  tokens: defineTokens({
    fonts: {
      body: { value: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
    },
    // Panda's default preset has no z-index scale: without these the recipes' `zIndex: 'dropdown'` etc. emit nothing
    // and menus open underneath the list toolbar's selected segment (z-index 1).
    zIndex: {
      dropdown: { value: 1000 },
      overlay: { value: 1300 },
      modal: { value: 1400 },
      skipLink: { value: 1600 },
      toast: { value: 1700 },
    },
  }),
  semanticTokens: defineSemanticTokens({
    colors: {
      bg: {
        canvas: { value: '{colors.gray.50}' },
        surface: { value: '{colors.white}' },
        subtle: { value: '{colors.gray.100}' },
      },
      fg: {
        default: { value: '{colors.gray.900}' },
        // gray.600 keeps a 4.5:1 contrast on white and gray.50 backgrounds.
        muted: { value: '{colors.gray.600}' },
      },
      border: { value: '{colors.gray.300}' },
      accent: {
        default: { value: '{colors.indigo.700}' },
        emphasized: { value: '{colors.indigo.800}' },
        fg: { value: '{colors.white}' },
        subtle: { value: '{colors.indigo.50}' },
      },
      danger: { value: '{colors.red.700}' },
      success: { value: '{colors.green.700}' },
      warning: { value: '{colors.amber.700}' },
      info: { value: '{colors.blue.700}' },
    },
  }),
};
