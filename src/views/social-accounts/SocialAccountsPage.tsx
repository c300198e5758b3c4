import { useActorRef, useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { css } from 'styled-system/css';
import type { SocialAccountsLogic } from '../../machines/social-accounts/social-accounts.machine';
import {
  selectAccounts,
  selectDisconnectError,
  selectIsConfirming,
  selectIsDisconnecting,
  selectPending,
  selectView,
} from '../../machines/social-accounts/social-accounts.selectors';
import { SOCIAL_MESSAGES } from '../../schemas/social.schema';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { ConfirmDialog } from '../ui/dialog';
import { EmptyState } from '../ui/empty-state';
import { LinkMenu } from '../ui/link-menu';
import { ConnectArt } from '../ui/illustrations';
import { Spinner } from '../ui/spinner';
import { AccountCard } from './account-card';
import { ACCOUNTS_TEXT, CONNECT_BLUESKY_PATH, CONNECT_LINKS } from './accounts-text';
import { useInspection } from '../inspection';

/** Social Media Accounts: cards of the connected accounts, connecting one, and disconnecting one after a confirmation. */
export function SocialAccountsPage({ logic }: { logic: SocialAccountsLogic }) {
  const actor = useActorRef(logic, useInspection());
  const view = useSelector(actor, selectView);
  const accounts = useSelector(actor, selectAccounts);
  const pending = useSelector(actor, selectPending);
  const disconnectError = useSelector(actor, selectDisconnectError);
  const confirming = useSelector(actor, selectIsConfirming);
  const disconnecting = useSelector(actor, selectIsDisconnecting);

  return (
    <section aria-labelledby="accounts-title" data-state={view} className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
      <header className={css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '4', flexWrap: 'wrap' })}>
        <h1 id="accounts-title" className={css({ fontSize: '2xl', fontWeight: 'bold' })}>
          {ACCOUNTS_TEXT.title}
        </h1>
        <LinkMenu label={ACCOUNTS_TEXT.connect} links={CONNECT_LINKS} />
      </header>

      {view === 'loading' ? <Spinner label={ACCOUNTS_TEXT.loading} /> : null}
      {view === 'failed' ? (
        <Alert status="danger">
          {SOCIAL_MESSAGES.accountsError}{' '}
          <Button variant="link" onClick={() => actor.send({ type: 'accounts.retry' })}>
            {ACCOUNTS_TEXT.retry}
          </Button>
        </Alert>
      ) : null}
      {view === 'empty' ? (
        <EmptyState
          art={ConnectArt}
          message={ACCOUNTS_TEXT.empty}
          action={
            <p className={css({ color: 'fg.muted' })}>
              <Link
                href={CONNECT_BLUESKY_PATH}
                className={css({ color: 'accent.default', fontWeight: 'semibold', textDecoration: 'underline' })}
              >
                {ACCOUNTS_TEXT.emptyLink}
              </Link>{' '}
              {ACCOUNTS_TEXT.emptyAfterLink}
            </p>
          }
        />
      ) : null}
      {view === 'ready' ? (
        <>
          {disconnectError ? <Alert status="danger">{disconnectError}</Alert> : null}
          <ul
            aria-label={ACCOUNTS_TEXT.list}
            className={css({ display: 'grid', gap: '4', listStyle: 'none', gridTemplateColumns: 'repeat(auto-fill, minmax(16rem, 1fr))' })}
          >
            {accounts.map((account) => (
              <AccountCard
                key={`${account.platform}:${account.handle}`}
                account={account}
                disabled={disconnecting}
                onDisconnect={() => actor.send({ type: 'accounts.disconnect', account })}
              />
            ))}
          </ul>
        </>
      ) : null}

      <ConfirmDialog
        open={(confirming || disconnecting) && pending !== null}
        title={ACCOUNTS_TEXT.dialogTitle}
        message={pending ? ACCOUNTS_TEXT.confirm(pending) : ''}
        confirmLabel={ACCOUNTS_TEXT.disconnect}
        busyLabel={ACCOUNTS_TEXT.disconnecting}
        busy={disconnecting}
        onConfirm={() => actor.send({ type: 'accounts.confirmDisconnect' })}
        onCancel={() => actor.send({ type: 'accounts.cancelDisconnect' })}
      />
    </section>
  );
}
