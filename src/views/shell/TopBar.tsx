import type { ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { Link, useLocation } from 'wouter';
import { css } from 'styled-system/css';
import { selectDisplayName } from '../../machines/session/session.selectors';
import { NEW_USER } from '../../schemas/user.schema';
import { useApp } from '../app-context';
import { ChevronDownIcon, UserIcon } from '../ui/icons';
import { Menu } from '../ui/menu';

/** The welcome line with the artist's name (or 'New User') and the Profile / Logout menu; on a phone, the menu button first. */
export function TopBar({ menuButton }: { menuButton?: ReactNode }) {
  const { session } = useApp();
  const [, navigate] = useLocation();
  const name = useSelector(session, selectDisplayName) || NEW_USER;
  return (
    <header
      className={css({
        display: 'flex',
        alignItems: 'center',
        gap: { base: '2', md: '4' },
        px: { base: '3', md: '6' },
        h: '16',
        bg: 'bg.surface',
        borderBottomWidth: '1px',
        borderColor: 'border',
      })}
    >
      {menuButton}
      {/* On a phone the welcome line needs the room; the drawer carries the product's name there. */}
      <Link
        href="/"
        className={css({
          display: { base: 'none', md: 'inline' },
          fontFamily: 'heading',
          fontSize: 'xl',
          fontWeight: 'semibold',
          letterSpacing: '-0.01em',
          color: 'fg.default',
          textDecoration: 'none',
          whiteSpace: 'nowrap',
          flexShrink: 0,
        })}
      >
        Artist Studio
      </Link>
      {/* A long name gives way (an ellipsis) before the menu does. */}
      <p
        className={css({
          ms: 'auto',
          color: 'fg.muted',
          minW: 0,
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          whiteSpace: 'nowrap',
          fontSize: { base: 'sm', md: 'md' },
        })}
        title={`Welcome, ${name}`}
        data-testid="welcome"
      >
        Welcome, <span className={css({ color: 'fg.default', fontWeight: 'semibold' })}>{name}</span>
      </p>
      <Menu.Root onSelect={(d) => (d.value === 'logout' ? session.send({ type: 'session.signOut' }) : navigate('/profile'))}>
        <Menu.Trigger
          aria-label="Account menu"
          className={css({
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            gap: '1',
            flexShrink: 0,
            minW: '11',
            minH: '11',
            cursor: 'pointer',
            p: '2',
            borderRadius: 'md',
            _hover: { bg: 'bg.subtle' },
          })}
        >
          <UserIcon size={20} />
          <ChevronDownIcon />
        </Menu.Trigger>
        <Menu.Positioner>
          <Menu.Content>
            <Menu.Item value="profile">Profile</Menu.Item>
            <Menu.Item value="logout">Logout</Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Menu.Root>
    </header>
  );
}
