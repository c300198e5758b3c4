import { css } from 'styled-system/css';
import { NavLink } from './nav-link';

export function MainNav() {
  return (
    <nav
      aria-label="Main"
      className={css({
        display: 'flex',
        gap: '1',
        px: { base: '1', md: '6' },
        py: { base: '0', md: '2' },
        bg: 'bg.surface',
        borderBottomWidth: '1px',
        borderColor: 'border',
      })}
    >
      <NavLink href="/">Home</NavLink>
      <NavLink href="/profile">Profile</NavLink>
      <NavLink href="/journal">Activity Journal</NavLink>
    </nav>
  );
}
