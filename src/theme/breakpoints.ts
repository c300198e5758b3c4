/**
 * Panda's breakpoints, written out so the app can ask the same question in script (matchMedia) as its CSS does
 * with `md: {...}`. Below `md` the app is laid out for a phone.
 */
export const breakpoints = { sm: '640px', md: '768px', lg: '1024px', xl: '1280px', '2xl': '1536px' } as const;

export const WIDE_SCREEN_QUERY = `(min-width: ${breakpoints.md})`;
