import type { SnapshotFrom } from 'xstate';
import { decodeIdToken } from '../../schemas/id-token';
import type { sessionMachine } from './session.machine';

// On the sign-in path: only types come from the chart, so reading the session adds no code to the entry
// (id-token is already there, the chart imports it).
type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

/** Still reading a stored session: the app shows a spinner, neither the sign-in screen nor the application. */
export const selectIsRestoring = (s: SessionSnapshot) => s.matches('restoring');
export const selectIsSignedIn = (s: Pick<SessionSnapshot, 'hasTag'>) => s.hasTag('signedIn');
/** The name for the top bar: the user's, else the ID token's; empty when the artist has given none. */
export const selectDisplayName = (s: Pick<SessionSnapshot, 'context'>) =>
  s.context.user?.displayName ?? (s.context.session ? (decodeIdToken(s.context.session.idToken)?.name ?? '') : '');
/** Whose session it is (the ID token's subject), or null when signed out: what is kept per artist in the browser is filed by it. */
export const selectUserId = (s: Pick<SessionSnapshot, 'context'>) =>
  s.context.session ? (decodeIdToken(s.context.session.idToken)?.sub ?? null) : null;
/** The artist is signing out (or deleted their account): what the browser keeps for them goes. */
export const selectIsSigningOut = (s: Pick<SessionSnapshot, 'matches'>) => s.matches('signingOut');
/** The signed-in artist's avatar version (null: none, or the user not read yet). */
export const selectAvatarVersion = (s: Pick<SessionSnapshot, 'context'>) => s.context.user?.avatarVersion ?? null;
