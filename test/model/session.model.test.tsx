import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosAdapter, AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import { createActor, type AnyMachineSnapshot, type SnapshotFrom } from 'xstate';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppRuntime } from '../../src/app';
import { sessionMachine, type SessionEvent } from '../../src/machines/session/session.machine';
import { toastsMachine } from '../../src/machines/toasts/toasts.machine';
import type { SignIn, TokenSet } from '../../src/schemas/auth.schema';
import { displayNameOf, type ProfileUpdate, type User } from '../../src/schemas/user.schema';
import { createHttp } from '../../src/services/http';
import { createQueryCache } from '../../src/services/query-cache';
import { createSessionBridge, followOtherTabs } from '../../src/machines/session/session-bridge';
import { SESSION_KEY } from '../../src/services/session-store';
import { App } from '../../src/views/App';
import { AppProvider } from '../../src/views/app-context';
import { assertFullCoverage, controlledPromise, coveringPaths, createModel, pathName, type ModelEvent } from './harness';

type Snapshot = SnapshotFrom<typeof sessionMachine>;

/** An unsigned ID token: the app only reads its claims (the server checks signatures). */
const idToken = (name: string, expiresInSeconds: number) =>
  `e30.${btoa(JSON.stringify({ sub: 'u1', email: 'ada@example.com', name, exp: Math.floor(Date.now() / 1000) + expiresInSeconds }))}.sig`;
const tokens = (name: string, expiresInSeconds = 3600, refreshToken = 'r1'): TokenSet => ({
  accessToken: 'a',
  refreshToken,
  idToken: idToken(name, expiresInSeconds),
});

const EMAIL = 'ada@example.com';
const PASSWORD = 'Palette2024';
const FRESH = tokens('Ada Lovelace');
const STALE = tokens('', -60);
const REFRESHED = tokens('', 3600, 'r2');
const USER: User = {
  userId: 'u1',
  firstName: 'Ada',
  lastName: 'King',
  email: EMAIL,
  displayName: 'Ada King',
  pendingEmail: null,
  avatarVersion: null,
};
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
const serializeState = (s: Snapshot) =>
  JSON.stringify([s.value, s.context.session?.refreshToken ?? null, s.context.user?.displayName ?? null]);

/** The top bar's name: the loaded user's, else the ID token's, else none (never a stand-in like 'New User'). */
const expectedName = (s: Snapshot): string => {
  if (s.context.user) return s.context.user.displayName;
  const claims = s.context.session ? JSON.parse(atob(s.context.session.idToken.split('.')[1])) : null;
  return claims?.name ?? '';
};

const signedInShell = async (s: Snapshot) => {
  const welcome = await screen.findByTestId('welcome', {}, { timeout: 5000 });
  await waitFor(() => expect(welcome.textContent).toBe(expectedName(s) ? `Welcome, ${expectedName(s)}` : 'Welcome'));
  expect(screen.queryByText(/New User/)).toBeNull();
  expect(screen.getByRole('button', { name: 'Account menu' })).toBeEnabled();
  expect(screen.getByRole('navigation', { name: 'Sections' })).toBeInTheDocument();
  expect(screen.queryByRole('tab', { name: 'Sign In' })).toBeNull();
};
const signInScreen = async () => {
  expect(await screen.findByRole('tab', { name: 'Sign In' }, { timeout: 5000 })).toHaveAttribute('aria-selected', 'true');
  expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  expect(screen.queryByTestId('welcome')).toBeNull();
  expect(screen.queryByRole('button', { name: 'Account menu' })).toBeNull();
};

const states = {
  signedOut: signInScreen,
  // The shell shows at once, from the ID token's claims, then from the loaded user.
  'signedIn.loadingUser': signedInShell,
  'signedIn.ready': signedInShell,
  // Calls that failed wait for the refresh; the shell stays as it was.
  refreshing: signedInShell,
  // Signing out leaves at once; the server hears of it in the background.
  signingOut: signInScreen,
};

/**
 * The API as the shell's protected calls meet it: the first try of each call is refused (401), its retry
 * (with whatever token the session then has) answered. Home's own reads (the last publication, the studio's report)
 * are not among those calls: they are answered at once (never published; the report fails, so none is shown), so only
 * the chart's calls make the session refresh.
 */
function fakeApi() {
  const retriedWith: string[] = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const response: AxiosResponse = { data: { ok: true }, status: 200, statusText: 'OK', headers: {}, config };
    if (config.url === '/publish' && config.method === 'get') return { ...response, data: null };
    if (config.url === '/report' && config.method === 'get')
      throw Object.assign(new Error('Network Error'), { isAxiosError: true, config });
    if (config._retried) {
      retriedWith.push(String(config.headers.Authorization));
      return response;
    }
    throw Object.assign(new Error('Request failed with status code 401'), {
      isAxiosError: true,
      config,
      response: { ...response, data: { message: 'Sign in to continue.' }, status: 401, statusText: 'Unauthorized' },
    });
  };
  return { adapter, retriedWith };
}

/** A protected call's fate, by the first event after it that ends the refresh it waits for. */
function expectedOutcomes(steps: ReadonlyArray<{ event: { type: string; session?: unknown } }>) {
  return steps.flatMap((step, i) => {
    if (step.event.type !== 'session.unauthorized') return [];
    const end = steps
      .slice(i + 1)
      .find(({ event: e }) => /^xstate\.(done|error)\.actor\.refresh$/.test(e.type) || (e.type === 'session.synced' && e.session === null));
    return [!end ? 'pending' : end.event.type === 'xstate.done.actor.refresh' ? 'fulfilled' : 'rejected'];
  });
}

const STARTS: Array<[string, TokenSet | null]> = [
  ['no stored session', null],
  ['a fresh stored session', FRESH],
  ['a stale stored session', STALE],
];
const INPUTS = STARTS.map(([, stored]) => ({ stored }));
// One model per start: each reaches the chart through its own branch of `restoring`.
const pathsByInput = INPUTS.map((input) =>
  coveringPaths(createModel(sessionMachine, { events, serializeState, input }), { minimal: true }),
);

let stopFollowing: (() => void) | undefined;
afterEach(() => {
  stopFollowing?.();
  localStorage.clear();
});

describe('session: the app shell follows the chart', () => {
  STARTS.forEach(([label, stored], i) => {
    describe(`starting with ${label}`, () => {
      it.for(pathsByInput[i].map((p) => [pathName(p), p] as const))('%s', async ([, path]) => {
        window.history.replaceState(null, '', '/');
        const user = userEvent.setup();
        const refresh = controlledPromise<TokenSet, { refreshToken: string }>('refresh');
        const loadUser = controlledPromise<User>('loadUser');
        const signOut = controlledPromise<void, { refreshToken: string }>('signOut');
        const stores: TokenSet[] = [];
        let clears = 0;
        let homes = 0;
        // eslint-disable-next-line prefer-const -- assigned once below, read by the callbacks made before it
        let session: ReturnType<typeof start> | undefined;
        const start = () =>
          createActor(
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
        // The runtime as src/app.ts builds it: the real API client and bridge over a fake network, and the
        // page services the sign-in screen and the Profile page use.
        const api = fakeApi();
        const http = createHttp(
          createSessionBridge(() => session),
          undefined,
          api.adapter,
        );
        const signIns: SignIn[] = [];
        const services = {
          auth: { signIn: async (input: SignIn) => (signIns.push(input), FRESH) },
          user: {
            getUser: async () => USER,
            saveProfile: async (input: ProfileUpdate): Promise<User> => ({ ...USER, ...input, displayName: displayNameOf(input) }),
          },
        };
        session = start();
        stopFollowing = followOtherTabs(() => session);
        const runtime = {
          session,
          toasts: createActor(toastsMachine).start(),
          http,
          cache: createQueryCache(),
          services,
        } as unknown as AppRuntime;
        render(
          <AppProvider value={runtime}>
            <App />
          </AppProvider>,
        );

        const calls: Array<{ status: 'pending' | 'fulfilled' | 'rejected' }> = [];
        // The account menu, as a keyboard user works it: open, Home/End to the item (checked highlighted), Enter.
        // (Clicking an item works in a browser and in a fresh jsdom, but once an earlier test of the file used the
        // menu, Ark's item click no longer selects in jsdom; the keyboard path is the same onSelect.)
        const chooseFromAccountMenu = async (name: 'Profile' | 'Logout') => {
          await user.click(screen.getByRole('button', { name: 'Account menu' }));
          const menu = await screen.findByRole('menu');
          expect(menu).toBeVisible();
          // Keys reach the menu only once it has taken the focus (Ark moves it there a frame after opening).
          await waitFor(() => expect(menu.contains(document.activeElement)).toBe(true));
          await user.keyboard(name === 'Profile' ? '{Home}' : '{End}');
          await waitFor(() => expect(screen.getByRole('menuitem', { name })).toHaveAttribute('data-highlighted'));
          await user.keyboard('{Enter}');
          await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
        };
        const otherTabStores = (value: TokenSet | null) =>
          act(() => {
            if (value) localStorage.setItem(SESSION_KEY, JSON.stringify(value));
            else localStorage.removeItem(SESSION_KEY);
            window.dispatchEvent(new StorageEvent('storage', { key: SESSION_KEY, storageArea: localStorage }));
          });

        await path.test({
          events: {
            'session.signedIn': async () => {
              const email = await screen.findByLabelText('Email', { exact: true }, { timeout: 5000 });
              await user.type(email, EMAIL);
              await user.type(screen.getByLabelText('Password', { exact: true }), PASSWORD);
              await user.click(screen.getByRole('button', { name: 'Sign In' }));
            },
            // A protected call refused with 401: the API client tells the session, which refreshes once.
            'session.unauthorized': async () => {
              const pending = refresh.calls.length;
              const call = { status: 'pending' as 'pending' | 'fulfilled' | 'rejected' };
              calls.push(call);
              void http.get('/user').then(
                () => void (call.status = 'fulfilled'),
                () => void (call.status = 'rejected'),
              );
              await waitFor(() => expect(refresh.calls).toHaveLength(pending + 1));
            },
            'session.signOut': async () => {
              await chooseFromAccountMenu('Logout');
            },
            // Another tab wrote or removed the stored session.
            'session.synced': ({ event }) => otherTabStores((event as Extract<SessionEvent, { type: 'session.synced' }>).session),
            // The artist renames themself on the Profile page, reached from the account menu.
            'user.updated': async () => {
              await chooseFromAccountMenu('Profile');
              await user.click(await screen.findByRole('button', { name: 'Edit Profile' }, { timeout: 5000 }));
              for (const [label, value] of [
                ['First name', RENAMED.firstName],
                ['Last name', RENAMED.lastName],
              ]) {
                await user.clear(screen.getByLabelText(label));
                await user.type(screen.getByLabelText(label), value);
              }
              await user.click(screen.getByRole('button', { name: 'Save Profile' }));
            },
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
        expect(stores).toEqual(
          path.steps.flatMap((s) =>
            s.event.type === 'session.signedIn' ? [FRESH] : s.event.type === 'xstate.done.actor.refresh' ? [REFRESHED] : [],
          ),
        );
        expect(signIns).toEqual(Array(count('session.signedIn')).fill({ email: EMAIL, password: PASSWORD }));
        // Each refresh sends the refresh token the session had when it started.
        const refreshStarts = path.steps.filter(
          (s, j) =>
            (s.state as AnyMachineSnapshot).matches('refreshing') &&
            (j === 0 || !(path.steps[j - 1].state as AnyMachineSnapshot).matches('refreshing')),
        );
        expect(refresh.calls.map((c) => c.refreshToken)).toEqual(
          refreshStarts.map((s) => (s.state as Snapshot).context.session?.refreshToken),
        );
        // A refused call is retried with the refreshed token, or fails once the session has ended.
        const expected = expectedOutcomes(path.steps as never);
        await waitFor(() => expect(calls.map((c) => c.status)).toEqual(expected));
        expect(api.retriedWith).toEqual(expected.filter((o) => o === 'fulfilled').map(() => `Bearer ${REFRESHED.idToken}`));
      });
    });
  });

  it('covers every state and transition from the three starts, each state asserted', () => {
    assertFullCoverage(sessionMachine, pathsByInput.flat(), { stateTests: states, inputs: INPUTS, record: true });
  });
});
