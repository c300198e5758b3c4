import type { ReactNode } from 'react';
import { Link, matchRoute, useLocation, useRouter } from 'wouter';
import { css } from 'styled-system/css';
import type { NavPage } from './nav-sections';

export const navLinkClass = css({
  position: 'relative',
  display: 'flex',
  alignItems: 'center',
  // A fingertip's worth of height on a phone; a calm list on a laptop.
  minH: { base: '11', md: '9' },
  px: '3',
  borderRadius: 'md',
  color: 'fg.default',
  fontSize: { base: 'md', md: 'sm' },
  textDecoration: 'none',
  transition: 'background 0.15s',
  _hover: { bg: 'bg.subtle' },
  _focusVisible: { outline: '2px solid', outlineColor: 'accent.default', outlineOffset: '-2px' },
  // The page shown, and the page whose editor or detail is shown: a bar of the accent at the edge, the name in ink.
  '&[aria-current]': {
    bg: 'accent.subtle',
    color: 'accent.emphasized',
    fontWeight: 'semibold',
    _before: {
      content: '""',
      position: 'absolute',
      insetInlineStart: '0',
      insetBlock: '1.5',
      w: '3px',
      borderRadius: 'full',
      bg: 'accent.default',
    },
  },
  '@media (prefers-reduced-motion: reduce)': { transition: 'none' },
});

/**
 * Where the artist is, for a page's link: 'page' on the page itself, true on a page of its own (an artwork's editor
 * under All Artwork), else nothing.
 */
export function useCurrent(page: NavPage): 'page' | true | undefined {
  const [location] = useLocation();
  const { parser } = useRouter();
  if (matchRoute(parser, page.href, location)[0]) return 'page';
  return page.within?.some((pattern) => matchRoute(parser, pattern, location)[0]) ? true : undefined;
}

/** A navigation link that marks itself as the current page (or as the way back to it). */
export function NavLink({ page, children }: { page: NavPage; children?: ReactNode }) {
  const current = useCurrent(page);
  return (
    <Link href={page.href} className={navLinkClass} aria-current={current}>
      {children ?? page.label}
    </Link>
  );
}
