import type { SnapshotFrom } from 'xstate';
import type { authScreenMachine } from './auth-screen.machine';

// On the sign-in path: only types come from the chart, so these add no code to the entry but themselves.
type AuthScreenSnapshot = SnapshotFrom<typeof authScreenMachine>;

export const selectIsForgotPassword = (s: AuthScreenSnapshot) => s.matches('forgotPassword');
/** The selected tab; the forgot-password form is reached from Sign In. */
export const selectTab = (s: AuthScreenSnapshot) => (s.matches('createAccount') ? 'createAccount' : 'signIn');
export const selectForm = (s: AuthScreenSnapshot) => s.context.form;
export const selectError = (s: AuthScreenSnapshot) => s.context.error;
export const selectNotice = (s: AuthScreenSnapshot) => s.context.notice;
export const selectIsBusy = (s: AuthScreenSnapshot) => s.hasTag('busy');
/** Signed in with an address not yet verified: the form offers to send the link again (and is sending it). */
export const selectIsUnverified = (s: AuthScreenSnapshot) => s.matches({ signIn: 'unverified' }) || s.matches({ signIn: 'resending' });
export const selectIsCreated = (s: AuthScreenSnapshot) => s.matches({ createAccount: 'created' });
export const selectIsResetSent = (s: AuthScreenSnapshot) => s.matches({ forgotPassword: 'sent' });
