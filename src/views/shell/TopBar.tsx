import type { ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { Link, useLocation } from 'wouter';
import { css } from 'styled-system/css';
import type { shellMachine } from '../../machines/shell/shell.machine';
import { selectAvatarUrl } from '../../machines/shell/shell.selectors';
import { selectDisplayName } from '../../machines/session/session.selectors';
import { useApp } from '../app-context';
import { ChevronDownIcon, UserIcon } from '../ui/icons';
import { Menu } from '../ui/menu';

type Shell = ActorRefFrom<typeof shellMachine>;

const brand = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '2',
  px: '3',
  fontFamily: 'heading',
  fontSize: 'xl',
  fontWeight: 'semibold',
  letterSpacing: '-0.01em',
  color: 'fg.default',
  textDecoration: 'none',
  whiteSpace: 'nowrap',
  _focusVisible: { outline: '2px solid', outlineColor: 'accent.default', outlineOffset: '2px', borderRadius: 'sm' },
});

/** The product's name at the head of the navigation: the way home. */
export function Brand() {
  return (
    <Link href="/" className={brand}>
      <span aria-hidden="true" className={css({ w: '2.5', h: '2.5', borderRadius: 'full', bg: 'accent.default', flexShrink: 0 })} />
      Artist Studio
    </Link>
  );
}

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');

const face = css({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  w: '9',
  h: '9',
  borderRadius: 'full',
  overflow: 'hidden',
  bg: 'accent.subtle',
  color: 'accent.emphasized',
  fontSize: 'sm',
  fontWeight: 'semibold',
  flexShrink: 0,
  '& img': { w: 'full', h: 'full', objectFit: 'cover' },
});

/** The artist's face in the header: their avatar, else the initials of their name, else the user icon. */
function HeaderAvatar({ src, name }: { src: string | null; name: string }) {
  return (
    <span className={face} data-testid="header-avatar" data-state={src ? 'picture' : name ? 'initials' : 'icon'} aria-hidden="true">
      {src ? <img src={src} alt="" width={36} height={36} /> : name ? initialsOf(name) : <UserIcon size={20} />}
    </span>
  );
}

/**
 * The welcome line with the artist's name (just "Welcome" before they give one) and their avatar, which opens the
 * Profile / Logout menu; on a phone, the menu button comes first.
 */
export function TopBar({ shell, menuButton }: { shell: Shell; menuButton?: ReactNode }) {
  const { session } = useApp();
  const [, navigate] = useLocation();
  const name = useSelector(session, selectDisplayName);
  const avatarUrl = useSelector(shell, selectAvatarUrl);
  return (
    <header
      className={css({
        display: 'flex',
        alignItems: 'center',
        gap: { base: '2', md: '4' },
        px: { base: '3', md: '8' },
        h: '16',
        flexShrink: 0,
        bg: { base: 'bg.surface', md: 'transparent' },
        borderBottomWidth: { base: '1px', md: '0' },
        borderColor: 'border',
      })}
    >
      {menuButton}
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
        title={name ? `Welcome, ${name}` : 'Welcome'}
        data-testid="welcome"
      >
        {name ? (
          <>
            Welcome, <span className={css({ color: 'fg.default', fontWeight: 'semibold' })}>{name}</span>
          </>
        ) : (
          'Welcome'
        )}
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
            px: '1',
            borderRadius: 'full',
            color: 'fg.muted',
            _hover: { bg: 'bg.subtle' },
            _focusVisible: { outline: '2px solid', outlineColor: 'accent.default', outlineOffset: '2px' },
          })}
        >
          <HeaderAvatar src={avatarUrl} name={name} />
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
