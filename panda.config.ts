import { defineConfig } from '@pandacss/dev';
import { recipes, slotRecipes } from './src/theme/recipes';
import { breakpoints } from './src/theme/breakpoints';
import { theme } from './src/theme/tokens';

// Ark UI parts get their classes from the slot recipes in src/theme/recipes.
export default defineConfig({
  preflight: true,
  jsxFramework: 'react',
  // Styles are written with css() and recipes, never as JSX style props: the runtime then skips the list of every CSS property.
  jsxStyleProps: 'none',
  include: ['./src/**/*.{ts,tsx}'],
  exclude: [],
  outdir: 'styled-system',
  theme: { extend: { ...theme, breakpoints, recipes, slotRecipes } },
  globalCss: {
    'html, body': { bg: 'bg.canvas', color: 'fg.default', fontFamily: 'body' },
  },
});
