import type { SnapshotFrom } from 'xstate';
import type { metaConnectMachine } from './meta-connect.machine';

type MetaConnectSnapshot = SnapshotFrom<typeof metaConnectMachine>;

/** What the screen shows: reading whether it is offered, could not, not offered, the Continue button, or the Pages. */
export const selectMetaScreen = (s: MetaConnectSnapshot) => {
  if (s.matches('checking') || s.matches('start')) return 'checking' as const;
  if (s.matches('checkFailed')) return 'checkFailed' as const;
  if (s.matches('unavailable')) return 'unavailable' as const;
  if (s.matches('loadingPages')) return 'loadingPages' as const;
  if (s.matches('choosingPage') || s.matches('connectingPage')) return 'pages' as const;
  if (s.matches('connected')) return 'connected' as const;
  return 'continue' as const;
};
export const selectMetaNetwork = (s: MetaConnectSnapshot) => s.context.network;
export const selectMetaError = (s: MetaConnectSnapshot) => s.context.error;
/** Why the network is not offered, in the server's words. */
export const selectUnavailableMessage = (s: MetaConnectSnapshot) =>
  s.context.availability && !s.context.availability.offered ? s.context.availability.message : null;
export const selectPages = (s: MetaConnectSnapshot) => s.context.pages;
/** The Page being connected (its button says so). */
export const selectChosenPage = (s: MetaConnectSnapshot) => (s.matches('connectingPage') ? s.context.chosen : null);
export const selectMetaBusy = (s: MetaConnectSnapshot) => s.hasTag('busy');
export const selectMetaStage = (s: MetaConnectSnapshot) =>
  s.matches('starting') ? ('starting' as const) : s.matches('redirecting') ? ('redirecting' as const) : ('idle' as const);
