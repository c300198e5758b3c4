import { waitFor, type ActorRefFrom } from 'xstate';
import type { SessionBridge } from '../../services/http';
import { SESSION_KEY, readStoredSession } from '../../services/session-store';
import type { sessionMachine } from './session.machine';

type SessionRef = ActorRefFrom<typeof sessionMachine>;

/**
 * Connects the API client to the session machine: the token to send, and a 401 (or a stale token) becoming one
 * `session.unauthorized`; every failed call waits for the single refresh and retries with its token, or gives up
 * once the session has ended.
 */
export function createSessionBridge(getSession: () => SessionRef | undefined): SessionBridge {
  return {
    currentToken: () => getSession()?.getSnapshot().context.session?.idToken,
    async renew(failedToken) {
      const session = getSession();
      if (!session) return null;
      const now = session.getSnapshot();
      // Another call already renewed the token this one was sent with: just retry with the new one.
      if (now.matches('signedIn') && now.context.session && now.context.session.idToken !== failedToken) return now.context.session.idToken;
      if (!now.hasTag('signedIn')) return null;
      session.send({ type: 'session.unauthorized' });
      const settled = await waitFor(session, (s) => !s.hasTag('refreshing'));
      return settled.matches('signedIn') ? (settled.context.session?.idToken ?? null) : null;
    },
  };
}

/** Another tab signed in, refreshed or signed out: the session follows what it stored. Returns the unsubscriber. */
export function followOtherTabs(getSession: () => SessionRef | undefined, target: Window = window): () => void {
  const onStorage = (e: StorageEvent) => {
    if (e.key === SESSION_KEY || e.key === null) getSession()?.send({ type: 'session.synced', session: readStoredSession() });
  };
  target.addEventListener('storage', onStorage);
  return () => target.removeEventListener('storage', onStorage);
}
