import { useSelector } from '@xstate/react';
import { Link, useLocation } from 'wouter';
import { css } from 'styled-system/css';
import { selectDisplayName } from '../../machines/session.machine';
import { NEW_USER } from '../../schemas/user.schema';
import { useApp } from '../app-context';
import { ChevronDownIcon, UserIcon } from '../ui/icons';
import { Menu } from '../ui/menu';

/** The welcome line with the artist's name (or 'New User') and the Profile / Logout menu. */
export function TopBar() {
  const { session } = useApp();
  const [, navigate] = useLocation();
  const name = useSelector(session, selectDisplayName) || NEW_USER;
  return (
    <header className={css({ display: 'flex', alignItems: 'center', gap: '4', px: '6', h: '16', bg: 'bg.surface', borderBottomWidth: '1px', borderColor: 'border' })}>
      <Link href="/" className={css({ fontWeight: 'bold', color: 'accent.default', textDecoration: 'none' })}>
        Artist Studio
      </Link>
      <p className={css({ ms: 'auto', color: 'fg.muted' })} data-testid="welcome">
        Welcome, <span className={css({ color: 'fg.default', fontWeight: 'semibold' })}>{name}</span>
      </p>
      <Menu.Root onSelect={(d) => (d.value === 'logout' ? session.send({ type: 'session.signOut' }) : navigate('/profile'))}>
        <Menu.Trigger aria-label="Account menu" className={css({ display: 'flex', alignItems: 'center', gap: '1', cursor: 'pointer', p: '2', borderRadius: 'md', _hover: { bg: 'bg.subtle' } })}>
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
