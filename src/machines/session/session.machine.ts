import { assign, fromPromise, setup } from 'xstate';
import type { TokenSet } from '../../schemas/auth.schema';
import { isIdTokenStale } from '../../schemas/id-token';
import type { User } from '../../schemas/user.schema';

export interface SessionContext {
  session: TokenSet | null;
  user: User | null;
}

export type SessionEvent =
  | { type: 'session.signedIn'; session: TokenSet }
  | { type: 'session.unauthorized' }
  | { type: 'session.signOut' }
  | { type: 'session.synced'; session: TokenSet | null }
  | { type: 'user.updated'; user: User };

export interface SessionInput {
  /** What was stored under appSession when the app started. */
  stored: TokenSet | null;
}

/**
 * Signed in iff a session is stored. A stale or unparseable ID token, or a 401 on a protected call, tries the
 * refresh token once; when that fails the session is cleared and the app goes to / exactly once.
 */
export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
  },
  actors: {
    refresh: fromPromise<TokenSet, { refreshToken: string }>(async () => {
      throw new Error('refresh not provided');
    }),
    loadUser: fromPromise<User>(async () => {
      throw new Error('loadUser not provided');
    }),
    signOut: fromPromise<void, { refreshToken: string }>(async () => {
      throw new Error('signOut not provided');
    }),
  },
  actions: {
    storeSession: (_, _session: TokenSet) => {},
    clearStoredSession: () => {},
    goHome: () => {},
  },
  guards: {
    hasFreshSession: ({ context }) => context.session !== null && !isIdTokenStale(context.session.idToken),
    hasStaleSession: ({ context }) => context.session !== null,
    hasUser: ({ context }) => context.user !== null,
    syncedSignedOut: ({ event }) => event.type === 'session.synced' && event.session === null,
    syncedSignedIn: ({ event }) => event.type === 'session.synced' && event.session !== null,
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({ session: input.stored, user: null }),
  initial: 'restoring',
  on: {
    'session.synced': [
      { guard: 'syncedSignedOut', target: '.signedOut', actions: assign({ session: null, user: null }) },
      { actions: assign({ session: ({ event }) => event.session }) },
    ],
  },
  states: {
    restoring: {
      description: 'Reads the stored session: a fresh ID token signs in; a stale or unreadable one is refreshed first.',
      always: [
        { guard: 'hasFreshSession', target: 'signedIn' },
        { guard: 'hasStaleSession', target: 'refreshing' },
        { target: 'signedOut' },
      ],
    },
    signedOut: {
      tags: ['signedOut'],
      on: {
        // Another tab signed in: so does this one (what it stored is already there).
        'session.synced': {
          guard: 'syncedSignedIn',
          target: 'signedIn',
          actions: assign({ session: ({ event }) => event.session, user: null }),
        },
        'session.signedIn': {
          target: 'signedIn',
          actions: [
            assign({ session: ({ event }) => event.session, user: null }),
            { type: 'storeSession', params: ({ event }) => event.session },
          ],
        },
      },
    },
    signedIn: {
      tags: ['signedIn'],
      initial: 'loadingUser',
      on: {
        'session.unauthorized': 'refreshing',
        'session.signOut': 'signingOut',
        'user.updated': { actions: assign({ user: ({ event }) => event.user }) },
      },
      states: {
        loadingUser: {
          invoke: {
            id: 'loadUser',
            src: 'loadUser',
            onDone: { target: 'ready', actions: assign({ user: ({ event }) => event.output }) },
            // The shell still works from the ID token's claims; a 401 here reaches the session on its own.
            onError: 'ready',
          },
        },
        ready: {},
      },
    },
    refreshing: {
      tags: ['signedIn', 'refreshing'],
      description: 'One refresh, whatever number of calls failed; they wait for its outcome.',
      invoke: {
        id: 'refresh',
        src: 'refresh',
        input: ({ context }) => ({ refreshToken: context.session?.refreshToken ?? '' }),
        onDone: [
          {
            guard: 'hasUser',
            target: 'signedIn.ready',
            actions: [assign({ session: ({ event }) => event.output }), { type: 'storeSession', params: ({ event }) => event.output }],
          },
          {
            target: 'signedIn',
            actions: [assign({ session: ({ event }) => event.output }), { type: 'storeSession', params: ({ event }) => event.output }],
          },
        ],
        onError: { target: 'signedOut', actions: [assign({ session: null, user: null }), 'clearStoredSession', 'goHome'] },
      },
    },
    signingOut: {
      description: 'The app is signed out at once; the server is told to end the session in the background.',
      entry: ['clearStoredSession', 'goHome'],
      invoke: {
        id: 'signOut',
        src: 'signOut',
        input: ({ context }) => ({ refreshToken: context.session?.refreshToken ?? '' }),
        onDone: { target: 'signedOut', actions: assign({ session: null, user: null }) },
        // Signing out locally must work even when the server cannot be reached.
        onError: { target: 'signedOut', actions: assign({ session: null, user: null }) },
      },
    },
  },
});
