import type { SnapshotFrom } from 'xstate';
import type { socialAccountsMachine } from './social-accounts.machine';

type SocialAccountsSnapshot = SnapshotFrom<typeof socialAccountsMachine>;

/** The page: reading the accounts, could not, none connected yet, or their cards. */
export const selectView = (s: SocialAccountsSnapshot) =>
  s.matches('loading') ? 'loading' : s.matches('failed') ? 'failed' : s.matches('empty') ? 'empty' : 'ready';
export const selectAccounts = (s: SocialAccountsSnapshot) => s.context.accounts;
/** The account the disconnect confirmation is about. */
export const selectPending = (s: SocialAccountsSnapshot) => s.context.pending;
export const selectDisconnectError = (s: SocialAccountsSnapshot) => s.context.disconnectError;
export const selectIsConfirming = (s: SocialAccountsSnapshot) => s.matches({ ready: 'confirming' });
export const selectIsDisconnecting = (s: SocialAccountsSnapshot) => s.matches({ ready: 'disconnecting' });
