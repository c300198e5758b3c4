import { format } from 'date-fns';
import { Link } from 'wouter';
import { css, cx } from 'styled-system/css';
import { badge } from 'styled-system/recipes/badge';
import { card } from 'styled-system/recipes/card';
import { accountName } from '../../machines/social-accounts/social-accounts.machine';
import { DATE_FORMAT, DEFAULT_BLUESKY_SERVICE, type SocialAccount } from '../../schemas/social.schema';
import { PLATFORM_LABELS } from '../../schemas/social-platform.schema';
import { Button } from '../ui/button';
import { ACCOUNTS_TEXT, reconnectHref, socialHomeHref } from './accounts-text';

const connectedOn = (iso: string) => {
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
 * One connected account: its platform, handle, server and since when; opens Social Home; Disconnect asks first. An
 * account whose login Bluesky no longer accepts says so and links to Reconnect.
 */
export function AccountCard({ account, disabled, onDisconnect }: { account: SocialAccount; disabled: boolean; onDisconnect: () => void }) {
  const since = connectedOn(account.connectedAt);
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
        @{account.handle}
      </Link>
      {account.needsReconnectAt ? (
        <p className={css({ fontSize: 'sm', color: 'danger' })}>
          {ACCOUNTS_TEXT.needsReconnectWhy}{' '}
          <Link
            href={reconnectHref(account.handle)}
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
        <dt>Server</dt>
        <dd className={css({ overflowWrap: 'anywhere' })}>{account.service ?? DEFAULT_BLUESKY_SERVICE}</dd>
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
