import { createActor } from 'xstate';
import { navigate } from 'wouter/use-browser-location';
import { provideSession } from './machines/session/session.provide';
import { toastsMachine } from './machines/toasts/toasts.machine';
import { createAuthService } from './services/auth.service';
import { createHttp } from './services/http';
import { createSessionBridge, followOtherTabs } from './machines/session/session-bridge';
import { createQueryCache } from './services/query-cache';
import { clearStoredSession, readStoredSession, writeStoredSession } from './services/session-store';
import { createUserService } from './services/user.service';
import { selectIsSigningOut, selectUserId } from './machines/session/session.selectors';
import type { Inspection } from './views/inspection';

/**
 * The composition root: real services built once and injected into the app-wide machines (session, toasts).
 * Page machines get theirs where their routes mount (src/views/<flow>/*-route.tsx), each through its provide<Flow>(deps).
 * `inspection` is XState's inspection option for every actor: none in the app, QA mode's live feed in its build.
 */
export function createApp(inspection: Inspection = {}) {
  // Assigned once below; the bridge built before it reads it only when a request runs.
  // eslint-disable-next-line prefer-const
  let session: ReturnType<typeof startSession> | undefined;

  const bridge = createSessionBridge(() => session);

  const http = createHttp(bridge);
  // Shared by every page's services; emptied on sign-out so one artist never sees another's cached data.
  const cache = createQueryCache();
  const auth = createAuthService(http);
  const user = createUserService(http);

  function startSession() {
    const logic = provideSession({
      auth,
      user,
      store: { write: writeStoredSession, clear: clearStoredSession },
      goHome: () => navigate('/'),
    });
    return createActor(logic, { input: { stored: readStoredSession() }, ...inspection });
  }

  session = startSession();
  const toasts = createActor(toastsMachine, inspection);

  followOtherTabs(() => session);

  session.start();
  toasts.start();
  session.subscribe((s) => {
    if (!s.hasTag('signedIn')) cache.clear();
  });
  // Signing out (deleting the account signs out too) forgets the unsaved posts this browser kept for that artist. An
  // expired session does not: the same artist signing in again finds them, and nobody else can read them.
  let signingOut = false;
  session.subscribe((s) => {
    const now = selectIsSigningOut(s);
    const userId = selectUserId(s);
    // Loaded at sign-out rather than with the sign-in screen: the drafts' schema brings the social schemas (about 7 KB
    // compressed) into the first script. A browser offline then keeps them, filed under this artist, for next time.
    if (now && !signingOut && userId)
      void import('./services/local-drafts').then(({ clearLocalDrafts }) => clearLocalDrafts(userId)).catch(() => undefined);
    signingOut = now;
  });
  return { session, toasts, http, cache, services: { auth, user } };
}

export type AppRuntime = ReturnType<typeof createApp>;
