import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createActor, type SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { AppRuntime } from '../../src/app';
import { sessionMachine } from '../../src/machines/session.machine';
import { toastsMachine } from '../../src/machines/toasts.machine';
import type { TokenSet } from '../../src/schemas/auth.schema';
import { NEW_USER, type User } from '../../src/schemas/user.schema';
import { createQueryCache } from '../../src/services/query-cache';
import { App } from '../../src/views/App';
import { AppProvider } from '../../src/views/app-context';
import { assertFullCoverage, controlledPromise, coveringPaths, createModel, pathName, type ModelEvent } from './harness';

type Snapshot = SnapshotFrom<typeof sessionMachine>;

/** An unsigned ID token: the app only reads its claims (the server checks signatures). */
const idToken = (name: string, expiresInSeconds: number) =>
  `e30.${btoa(JSON.stringify({ sub: 'u1', email: 'ada@example.com', name, exp: Math.floor(Date.now() / 1000) + expiresInSeconds }))}.sig`;
const tokens = (name: string, expiresInSeconds = 3600, refreshToken = 'r1'): TokenSet => ({ accessToken: 'a', refreshToken, idToken: idToken(name, expiresInSeconds) });

const FRESH = tokens('Ada Lovelace');
const STALE = tokens('', -60);
const REFRESHED = tokens('', 3600, 'r2');
const USER: User = { userId: 'u1', firstName: 'Ada', lastName: 'King', email: 'ada@example.com', displayName: 'Ada King', pendingEmail: null, avatarVersion: null };
const RENAMED: User = { ...USER, lastName: 'Byron', displayName: 'Ada Byron' };

const events: Array<ModelEvent<typeof sessionMachine>> = [
  { type: 'session.signedIn', session: FRESH },
  { type: 'session.unauthorized' },
  { type: 'session.signOut' },
  { type: 'session.synced', session: null },
  { type: 'session.synced', session: REFRESHED },
  { type: 'user.updated', user: RENAMED },
  { type: 'xstate.done.actor.loadUser', output: USER },
  { type: 'xstate.error.actor.loadUser', error: new Error('Get User request failed') },
  { type: 'xstate.done.actor.refresh', output: REFRESHED },
  { type: 'xstate.error.actor.refresh', error: new Error('Your session has ended') },
  { type: 'xstate.done.actor.signOut' },
  { type: 'xstate.error.actor.signOut', error: new Error('Sign-out failed') },
];
const serializeState = (s: Snapshot) => JSON.stringify([s.value, s.context.session?.refreshToken ?? null, s.context.user?.displayName ?? null]);

const expectedName = (s: Snapshot) => {
  if (s.context.user) return s.context.user.displayName || NEW_USER;
  const claims = s.context.session ? JSON.parse(atob(s.context.session.idToken.split('.')[1])) : null;
  return claims?.name || NEW_USER;
};

const signedInShell = async (s: Snapshot) => {
  expect(await screen.findByTestId('welcome', {}, { timeout: 5000 })).toHaveTextContent(`Welcome, ${expectedName(s)}`);
  expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
};
const signInScreen = async () => {
  expect(await screen.findByRole('tab', { name: 'Sign In' }, { timeout: 5000 })).toBeInTheDocument();
  expect(screen.queryByTestId('welcome')).toBeNull();
};

const states = {
  signedOut: signInScreen,
  'signedIn.loadingUser': signedInShell,
  'signedIn.ready': signedInShell,
  // Calls that failed wait for the refresh; the shell stays as it was.
  refreshing: signedInShell,
  // Signing out leaves at once; the server hears of it in the background.
  signingOut: signInScreen,
};

const STARTS: Array<[string, TokenSet | null]> = [
  ['no stored session', null],
  ['a fresh stored session', FRESH],
  ['a stale stored session', STALE],
];

describe('session: the app shell follows the chart', () => {
  for (const [label, stored] of STARTS) {
    const model = createModel(sessionMachine, { events, serializeState, input: { stored } });
    const paths = coveringPaths(model, { minimal: true });

    describe(`starting with ${label}`, () => {
      it.for(paths.map((p) => [pathName(p), p] as const))('%s', async ([, path]) => {
        const user = userEvent.setup();
        const refresh = controlledPromise<TokenSet, { refreshToken: string }>('refresh');
        const loadUser = controlledPromise<User>('loadUser');
        const signOut = controlledPromise<void, { refreshToken: string }>('signOut');
        const stores: TokenSet[] = [];
        let clears = 0;
        let homes = 0;
        const session = createActor(
          sessionMachine.provide({
            actors: { refresh: refresh.logic, loadUser: loadUser.logic, signOut: signOut.logic },
            actions: {
              storeSession: (_, t) => void stores.push(t),
              clearStoredSession: () => void (clears += 1),
              goHome: () => void (homes += 1),
            },
          }),
          { input: { stored } },
        ).start();
        const runtime = { session, toasts: createActor(toastsMachine).start(), http: {}, cache: createQueryCache(), services: {} } as unknown as AppRuntime;
        render(
          <AppProvider value={runtime}>
            <App />
          </AppProvider>,
        );
        const send = (event: unknown) => () => act(() => session.send(event as never));
        await path.test({
          events: {
            'session.signedIn': send({ type: 'session.signedIn', session: FRESH }),
            'session.unauthorized': send({ type: 'session.unauthorized' }),
            'session.signOut': async () => {
              // By keyboard, as a keyboard user would: open the menu, go to its last item (Logout), Enter.
              await user.click(await screen.findByRole('button', { name: 'Account menu' }));
              expect(await screen.findByRole('menuitem', { name: 'Logout' })).toBeInTheDocument();
              await user.keyboard('{End}{Enter}');
            },
            'session.synced': ({ event }) => send(event)(),
            'user.updated': send({ type: 'user.updated', user: RENAMED }),
            'xstate.done.actor.loadUser': () => act(() => loadUser.resolve(USER)),
            'xstate.error.actor.loadUser': () => act(() => loadUser.reject(new Error('Get User request failed'))),
            'xstate.done.actor.refresh': () => act(() => refresh.resolve(REFRESHED)),
            'xstate.error.actor.refresh': () => act(() => refresh.reject(new Error('Your session has ended'))),
            'xstate.done.actor.signOut': () => act(() => signOut.resolve()),
            'xstate.error.actor.signOut': () => act(() => signOut.reject(new Error('Sign-out failed'))),
          },
          states,
        });
        // Side effects happen exactly as often as the chart says.
        const count = (type: string) => path.steps.filter((s) => s.event.type === type).length;
        expect(homes).toBe(count('xstate.error.actor.refresh') + count('session.signOut'));
        expect(clears).toBe(homes);
        expect(stores).toHaveLength(count('session.signedIn') + count('xstate.done.actor.refresh'));
        if (refresh.calls.length) expect(refresh.calls[0].refreshToken).toBe((stored ?? FRESH).refreshToken);
      });

      it('covers its part of the chart', () => {
        // Each start reaches the chart from its own branch of `restoring`; the table merges the three.
        const restoring = ['session.restoring --always[hasFreshSession]*', 'session.restoring --always[hasStaleSession]*', 'session.restoring --always[#2]*'];
        const own = stored === null ? restoring[2] : stored === FRESH ? restoring[0] : restoring[1];
        assertFullCoverage(sessionMachine, paths, { stateTests: states, input: { stored }, ignore: restoring.filter((r) => r !== own), record: true });
      });
    });
  }

  it('a refresh failing while several calls wait signs out and goes home exactly once', async () => {
    const refresh = controlledPromise<TokenSet, { refreshToken: string }>('refresh');
    let homes = 0;
    const session = createActor(
      sessionMachine.provide({ actors: { refresh: refresh.logic, loadUser: controlledPromise<User>().logic }, actions: { goHome: () => void (homes += 1) } }),
      { input: { stored: FRESH } },
    ).start();
    for (let i = 0; i < 5; i++) session.send({ type: 'session.unauthorized' });
    expect(refresh.calls).toHaveLength(1);
    await refresh.reject(new Error('Your session has ended'));
    for (let i = 0; i < 5; i++) session.send({ type: 'session.unauthorized' });
    expect(homes).toBe(1);
    expect(session.getSnapshot().value).toBe('signedOut');
  });
});
