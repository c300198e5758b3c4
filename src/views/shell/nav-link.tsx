import type { ReactNode } from 'react';
import { Link, useRoute } from 'wouter';
import { css } from 'styled-system/css';

export const navLinkClass = css({
  display: 'flex',
  alignItems: 'center',
  // A fingertip's worth of height on a phone.
  minH: { base: '11', md: 'auto' },
  textAlign: 'start',
  px: '3',
  py: '2',
  borderRadius: 'md',
  color: 'fg.default',
  textDecoration: 'none',
  _hover: { bg: 'bg.subtle' },
  '&[aria-current=page]': { bg: 'accent.subtle', color: 'accent.emphasized', fontWeight: 'semibold' },
});

/** A navigation link that marks itself as the current page. */
export function NavLink({ href, children }: { href: string; children: ReactNode }) {
  const [active] = useRoute(href);
  return (
    <Link href={href} className={navLinkClass} aria-current={active ? 'page' : undefined}>
      {children}
    </Link>
  );
}
