import type { AccountRef, SocialAccount } from '../../schemas/social.schema';
import { PLATFORM_LABELS, NEW_ACCOUNT_PLATFORMS, type Platform } from '../../schemas/social-platform.schema';
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
  needsReconnectWhy: (platform: Platform) => `${PLATFORM_LABELS[platform]} no longer accepts the login saved for this account.`,
  postsWait: 'Posts for it wait, and go out once you reconnect it.',
  tokenUntil: 'Access until',
  reconnect: 'Reconnect',
  confirm: (account: AccountRef) =>
    `Disconnect ${accountName(account)}? Its saved ${account.platform === 'bluesky' ? 'app password' : 'access'} is deleted, and scheduled posts for it will fail until you connect it again.`,
} as const;

export const CONNECT_BLUESKY_PATH = '/social-media/accounts/connect/bluesky';
/** The New Social Media Account menu: each platform's connect screen, in the order the requirements give. */
export const CONNECT_LINKS = NEW_ACCOUNT_PLATFORMS.map((p) => ({ label: PLATFORM_LABELS[p], href: `/social-media/accounts/connect/${p}` }));
/**
 * Where Reconnect goes (connecting again replaces the saved login and releases the waiting posts): Bluesky's form with
 * the handle filled in, or Instagram's or Facebook's sign-in, where Meta knows the person already.
 */
export const reconnectHref = (account: Pick<SocialAccount, 'platform' | 'handle'>) =>
  account.platform === 'bluesky'
    ? `${CONNECT_BLUESKY_PATH}?handle=${encodeURIComponent(account.handle)}`
    : `/social-media/accounts/connect/${account.platform}`;
export const socialHomeHref = (handle: string) => `/social-media/account/${encodeURIComponent(handle)}`;
