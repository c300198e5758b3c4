import { format } from 'date-fns';
import { Link } from 'wouter';
import { css, cx } from 'styled-system/css';
import { badge } from 'styled-system/recipes/badge';
import { card } from 'styled-system/recipes/card';
import { accountName, shownHandle } from '../../machines/social-accounts/social-accounts.machine';
import { DATE_FORMAT, DEFAULT_BLUESKY_SERVICE, type SocialAccount } from '../../schemas/social.schema';
import { PLATFORM_LABELS } from '../../schemas/social-platform.schema';
import { Button } from '../ui/button';
import { ACCOUNTS_TEXT, reconnectHref, socialHomeHref } from './accounts-text';

const shortDate = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : format(date, DATE_FORMAT);
};

// The handle's link covers the card, so a click anywhere opens Social Home; Disconnect sits above it.
const stretched = css({
  fontSize: 'lg',
  fontWeight: 'semibold',
  overflowWrap: 'anywhere',
  _focusVisible: { outline: 'none' },
  _after: { content: '""', position: 'absolute', inset: 0, borderRadius: 'lg' },
  _hover: { textDecoration: 'underline' },
});

/**
 * One connected account: its platform, handle (a Facebook Page's name), server and since when; opens Social Home;
 * Disconnect asks first. An account whose login its network no longer accepts says why and links to Reconnect.
 */
export function AccountCard({ account, disabled, onDisconnect }: { account: SocialAccount; disabled: boolean; onDisconnect: () => void }) {
  const since = shortDate(account.connectedAt);
  // Instagram's token lasts 60 days and is renewed on its own; the date says how long the studio may post.
  const tokenUntil = account.tokenExpiresAt ? shortDate(account.tokenExpiresAt) : null;
  return (
    <li
      className={cx(
        card(),
        css({
          position: 'relative',
          display: 'flex',
          flexDirection: 'column',
          gap: '2',
          _hover: { borderColor: 'accent.default' },
          '&:focus-within': { outline: '2px solid', outlineColor: 'accent.default', outlineOffset: '2px' },
        }),
      )}
    >
      <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>
        <span className={badge({ tone: 'accent' })}>{PLATFORM_LABELS[account.platform]}</span>
        {account.needsReconnectAt ? <span className={badge({ tone: 'danger' })}>{ACCOUNTS_TEXT.needsReconnect}</span> : null}
      </div>
      <Link href={socialHomeHref(account.handle)} className={stretched}>
        {shownHandle(account)}
      </Link>
      {account.needsReconnectAt ? (
        <p className={css({ fontSize: 'sm', color: 'danger' })}>
          {account.needsReconnectReason || ACCOUNTS_TEXT.needsReconnectWhy(account.platform)} {ACCOUNTS_TEXT.postsWait}{' '}
          <Link
            href={reconnectHref(account)}
            aria-label={`${ACCOUNTS_TEXT.reconnect} ${accountName(account)}`}
            className={css({ position: 'relative', zIndex: 1, fontWeight: 'medium', textDecoration: 'underline' })}
          >
            {ACCOUNTS_TEXT.reconnect}
          </Link>
        </p>
      ) : null}
      <dl
        className={css({
          display: 'grid',
          gridTemplateColumns: 'auto 1fr',
          columnGap: '2',
          rowGap: '1',
          fontSize: 'sm',
          color: 'fg.muted',
        })}
      >
        {account.platform === 'bluesky' ? (
          <>
            <dt>Server</dt>
            <dd className={css({ overflowWrap: 'anywhere' })}>{account.service ?? DEFAULT_BLUESKY_SERVICE}</dd>
          </>
        ) : null}
        {tokenUntil ? (
          <>
            <dt>{ACCOUNTS_TEXT.tokenUntil}</dt>
            <dd>{tokenUntil}</dd>
          </>
        ) : null}
        {since ? (
          <>
            <dt>Connected</dt>
            <dd>{since}</dd>
          </>
        ) : null}
      </dl>
      <Button
        variant="outline"
        size="sm"
        disabled={disabled}
        aria-label={`${ACCOUNTS_TEXT.disconnect} ${accountName(account)}`}
        onClick={onDisconnect}
        className={css({ alignSelf: 'flex-start', position: 'relative', zIndex: 1 })}
      >
        {ACCOUNTS_TEXT.disconnect}
      </Button>
    </li>
  );
}
