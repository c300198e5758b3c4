import { defineSemanticTokens, defineTokens } from '@pandacss/dev';

/**
 * The studio look: warm paper, ink, and French ultramarine as the one accent. Every colour is a semantic token with a
 * light value and an `_osDark` one (prefers-color-scheme: dark), so dark mode follows the system with no script.
 * Contrast (WCAG, computed; light / dark): fg.default 15.4 / 15.1 on bg.canvas; fg.muted >= 5.9 / 6.5 on every bg;
 * accent.default as text >= 6.8 / 7.0 on every bg; accent.fg on accent.default 8.3 / 8.7; each status colour >= 5.7 / 7.4
 * as text on bg.canvas and bg.surface, and its .emphasized >= 7.6 / 8.5 on its .subtle; border.strong (controls)
 * >= 3.4 / 4.0. Plain `border` is decorative (card edges) and sits at 1.3-1.5.
 */
const scheme = (light: string, dark: string) => ({ value: { base: light, _osDark: dark } });

/** A status colour: text and borders (DEFAULT), text on it (fg), a tinted background (subtle), text on the tint (emphasized). */
const status = (light: [string, string, string], dark: [string, string, string]) => ({
  DEFAULT: scheme(light[0], dark[0]),
  fg: scheme('#fffcf6', '#171410'),
  subtle: scheme(light[1], dark[1]),
  emphasized: scheme(light[2], dark[2]),
});

export const theme = {
  tokens: defineTokens({
    fonts: {
      body: { value: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
      // A book serif already on the device (no font download): Iowan on Apple, Palatino/Book Antiqua on Windows,
      // P052/URW Palladio on Linux, then Georgia.
      heading: {
        value: '"Iowan Old Style", "Palatino Linotype", Palatino, "Book Antiqua", P052, "URW Palladio L", Georgia, ui-serif, serif',
      },
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
        canvas: scheme('#f6f1e8', '#171410'),
        surface: scheme('#fffcf6', '#211d18'),
        subtle: scheme('#ece5d8', '#2c2721'),
      },
      fg: {
        default: scheme('#1e1a16', '#efe8dc'),
        muted: scheme('#5c5449', '#b5ab9c'),
      },
      border: {
        DEFAULT: scheme('#ddd3c3', '#3d362e'),
        // The edge of a control (input, select, checkbox, outline button): 3:1 against what it sits on.
        strong: scheme('#8a8073', '#857a6c'),
      },
      accent: {
        default: scheme('#2f45a0', '#9fb0f2'),
        emphasized: scheme('#23357f', '#c0ccf7'),
        fg: scheme('#fffcf6', '#171410'),
        subtle: scheme('#e4e8f7', '#262d4a'),
      },
      danger: status(['#a8261b', '#f9e3df', '#7d1a12'], ['#f0948a', '#3d201c', '#f8c2bb']),
      success: status(['#2e6b34', '#e1efdc', '#214e26'], ['#8fcf8f', '#1f3320', '#bfe5bd']),
      warning: status(['#8a5200', '#f7ead0', '#6a3f00'], ['#e8b86a', '#3a2c14', '#f3d49e']),
      info: status(['#2f5f8a', '#e0eaf3', '#214564'], ['#8fbbe6', '#1c2b3a', '#bed7f0']),
      // Behind a dialog or drawer, and what is drawn over a picture.
      scrim: scheme('rgba(30, 26, 22, 0.45)', 'rgba(0, 0, 0, 0.6)'),
      onImage: scheme('#ffffff', '#ffffff'),
      // The pigments of the illustrations (decorative, aria-hidden).
      art: {
        paper: scheme('#fffcf6', '#2c2721'),
        ink: scheme('#1e1a16', '#efe8dc'),
        wash: scheme('#e4e8f7', '#262d4a'),
        ultramarine: scheme('#2f45a0', '#9fb0f2'),
        ochre: scheme('#d49a2a', '#d9a84a'),
        terracotta: scheme('#c0573a', '#d77a5e'),
        sage: scheme('#7d9a6a', '#8fac7c'),
        rose: scheme('#d98a9a', '#c9848f'),
      },
    },
  }),
};
