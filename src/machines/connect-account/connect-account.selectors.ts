import type { SnapshotFrom } from 'xstate';
import type { connectAccountMachine } from './connect-account.machine';

type ConnectAccountSnapshot = SnapshotFrom<typeof connectAccountMachine>;

/** What the Connect screen shows for the address's platform: Bluesky's form, or not a platform. */
export const selectScreen = (s: ConnectAccountSnapshot) => (s.matches('invalidPlatform') ? 'invalid' : 'form');
export const selectForm = (s: ConnectAccountSnapshot) => s.context.form;
export const selectError = (s: ConnectAccountSnapshot) => s.context.error;
export const selectIsBusy = (s: ConnectAccountSnapshot) => s.hasTag('busy');
export const selectOAuthForm = (s: ConnectAccountSnapshot) => s.context.oauthForm;
/** Which of Bluesky's two ways shows: OAuth ("Continue with Bluesky") or the app password. */
export const selectMode = (s: ConnectAccountSnapshot) =>
  s.matches('editing') || s.matches('connecting') || (s.matches('connected') && !s.context.returned)
    ? ('appPassword' as const)
    : ('oauth' as const);
/** Leaving for the PDS: the button says so and nothing can be changed. */
export const selectIsRedirecting = (s: ConnectAccountSnapshot) => s.matches('redirecting');
