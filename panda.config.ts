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
  // The app's build leaves the QA studio's files out (vite.config.ts sets PANDA_WITHOUT_QA), so its stylesheet holds
  // none of the studio's classes; the QA build, `npm run dev` and codegen read them all.
  exclude: process.env.PANDA_WITHOUT_QA ? ['./src/qa/**', './src/views/qa/**'] : [],
  outdir: 'styled-system',
  theme: { extend: { ...theme, breakpoints, recipes, slotRecipes } },
  globalCss: {
    // Native controls, scrollbars and the page behind the app follow the system's light or dark setting too.
    html: { colorScheme: 'light dark' },
    'html, body': { bg: 'bg.canvas', color: 'fg.default', fontFamily: 'body', lineHeight: '1.55', WebkitFontSmoothing: 'antialiased' },
    // Headings in the book serif, set a little tight; body text stays in the system sans.
    'h1, h2, h3': { fontFamily: 'heading', lineHeight: '1.2', letterSpacing: '-0.01em', textWrap: 'balance' },
    '::selection': { bg: 'accent.subtle', color: 'accent.emphasized' },
  },
});
