import type { AccountRef } from '../../schemas/social.schema';
import { accountName } from '../../machines/social-accounts/social-accounts.machine';

/** The Accounts page's own texts (the requirements give only the load failure, SOCIAL_MESSAGES.accountsError). */
export const ACCOUNTS_TEXT = {
  title: 'Social Media Accounts',
  connect: 'Connect Bluesky',
  loading: 'Loading accounts...',
  retry: 'Try again',
  empty: 'No social media accounts connected yet.',
  emptyLink: 'Connect your Bluesky account',
  emptyAfterLink: 'to schedule and publish posts.',
  list: 'Connected accounts',
  disconnect: 'Disconnect',
  disconnecting: 'Disconnecting...',
  dialogTitle: 'Disconnect account',
  needsReconnect: 'Needs reconnection',
  needsReconnectHint: 'Bluesky no longer accepts this connection. Posts for it wait until you reconnect.',
  reconnect: 'Reconnect',
  confirm: (account: AccountRef) =>
    `Disconnect ${accountName(account)}? Its saved app password is deleted, and scheduled posts for it will fail until you connect it again.`,
} as const;

export const CONNECT_BLUESKY_PATH = '/social-media/accounts/connect/bluesky';
export const socialHomeHref = (handle: string) => `/social-media/account/${encodeURIComponent(handle)}`;
/** Reconnect: the connect screen, with the handle filled in. */
export const reconnectHref = (handle: string) => `${CONNECT_BLUESKY_PATH}?${new URLSearchParams({ handle })}`;
