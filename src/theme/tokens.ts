import { defineSemanticTokens, defineTokens } from '@pandacss/dev';

export const theme = {
  tokens: defineTokens({
    fonts: {
      body: { value: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
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
