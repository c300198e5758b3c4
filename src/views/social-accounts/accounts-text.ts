import type { AccountRef } from '../../schemas/social.schema';
import { PLATFORM_LABELS, NEW_ACCOUNT_PLATFORMS } from '../../schemas/social-platform.schema';
import { accountName } from '../../machines/social-accounts/social-accounts.machine';

/** The Accounts page's own texts (the requirements give only the load failure, SOCIAL_MESSAGES.accountsError). */
export const ACCOUNTS_TEXT = {
  title: 'Social Media Accounts',
  connect: 'New Social Media Account',
  loading: 'Loading accounts...',
  retry: 'Try again',
  empty: 'No social media accounts connected yet.',
  emptyLink: 'Connect your Bluesky account',
  emptyAfterLink: 'to schedule and publish posts.',
  list: 'Connected accounts',
  disconnect: 'Disconnect',
  disconnecting: 'Disconnecting...',
  dialogTitle: 'Disconnect account',
  needsReconnect: 'Needs reconnecting',
  needsReconnectWhy: 'Bluesky no longer accepts the login saved for this account. Posts for it wait, and go out once you reconnect it.',
  reconnect: 'Reconnect',
  confirm: (account: AccountRef) =>
    `Disconnect ${accountName(account)}? Its saved app password is deleted, and scheduled posts for it will fail until you connect it again.`,
} as const;

export const CONNECT_BLUESKY_PATH = '/social-media/accounts/connect/bluesky';
/** The New Social Media Account menu: each platform's connect screen, in the order the requirements give. */
export const CONNECT_LINKS = NEW_ACCOUNT_PLATFORMS.map((p) => ({ label: PLATFORM_LABELS[p], href: `/social-media/accounts/connect/${p}` }));
/** The connect form for this handle (connecting it again replaces its saved login and releases its waiting posts). */
export const reconnectHref = (handle: string) => `${CONNECT_BLUESKY_PATH}?handle=${encodeURIComponent(handle)}`;
export const socialHomeHref = (handle: string) => `/social-media/account/${encodeURIComponent(handle)}`;
