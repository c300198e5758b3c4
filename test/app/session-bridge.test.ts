import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { provideSession } from '../../src/machines/session/session.provide';
import type { TokenSet } from '../../src/schemas/auth.schema';
import type { User } from '../../src/schemas/user.schema';
import { createHttp } from '../../src/services/http';
import { createSessionBridge, followOtherTabs } from '../../src/machines/session/session-bridge';
import { SESSION_KEY } from '../../src/services/session-store';

const idToken = (tag: string) =>
  `e30.${btoa(JSON.stringify({ sub: 'u1', email: 'a@b.co', name: tag, exp: Math.floor(Date.now() / 1000) + 3600 }))}.${tag}`;
const OLD: TokenSet = { accessToken: 'a', refreshToken: 'r-old', idToken: idToken('old') };
const NEW: TokenSet = { accessToken: 'a', refreshToken: 'r-new', idToken: idToken('new') };

/** An API that answers 401 to the old token and 200 to the new one, recording every request's token. */
function fakeApi() {
  const seen: string[] = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const token = String(config.headers.Authorization ?? '').replace('Bearer ', '');
    seen.push(token);
    const ok = token === NEW.idToken;
    const response = {
      data: ok ? { ok: true } : { message: 'Sign in to continue.' },
      status: ok ? 200 : 401,
      statusText: '',
      headers: {},
      config,
    };
    if (!ok) throw Object.assign(new Error('401'), { isAxiosError: true, config, response });
    return response;
  };
  return { adapter, seen };
}

function setup(refresh: () => Promise<TokenSet>) {
  const refreshedWith: string[] = [];
  let homes = 0;
  let clears = 0;
  const session = createActor(
    provideSession({
      auth: {
        refresh: async (refreshToken) => {
          refreshedWith.push(refreshToken);
          return refresh();
        },
        signOut: async () => {},
      },
      // The shell's own call for the user stays pending: only the calls below matter here.
      user: { getUser: () => new Promise<User>(() => {}) },
      store: { write: () => {}, clear: () => void (clears += 1) },
      goHome: () => void (homes += 1),
    }),
    { input: { stored: OLD } },
  ).start();
  const api = fakeApi();
  const http = createHttp(
    createSessionBridge(() => session),
    '/api',
    api.adapter,
  );
  return { session, http, api, refreshedWith, counts: () => ({ refreshes: refreshedWith.length, homes, clears }) };
}

describe('five protected calls refused together', () => {
  it('refresh the session once and are all retried with the new token', async () => {
    const { http, api, counts, session, refreshedWith } = setup(async () => NEW);
    const results = await Promise.all(Array.from({ length: 5 }, (_, i) => http.get(`/thing/${i}`)));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(counts()).toEqual({ refreshes: 1, homes: 0, clears: 0 });
    expect(refreshedWith).toEqual([OLD.refreshToken]);
    expect(api.seen.filter((t) => t === OLD.idToken)).toHaveLength(5);
    expect(api.seen.filter((t) => t === NEW.idToken)).toHaveLength(5);
    expect(session.getSnapshot().context.session).toEqual(NEW);
  });

  it('end the session and go home exactly once when the refresh fails', async () => {
    const { http, api, counts, session } = setup(async () => {
      throw new Error('Your session has ended');
    });
    const outcomes = await Promise.allSettled(Array.from({ length: 5 }, (_, i) => http.get(`/thing/${i}`)));
    expect(outcomes.map((o) => o.status)).toEqual(Array(5).fill('rejected'));
    expect(outcomes.map((o) => (o as PromiseRejectedResult).reason.response?.status)).toEqual([401, 401, 401, 401, 401]);
    expect(counts()).toEqual({ refreshes: 1, homes: 1, clears: 1 });
    expect(session.getSnapshot()).toMatchObject({ value: 'signedOut', context: { session: null, user: null } });
    // Calls made once signed out are refused without reaching the API or the session again.
    const reached = api.seen.length;
    await expect(http.get('/later')).rejects.toThrow('You are signed out.');
    expect(api.seen).toHaveLength(reached);
    expect(counts()).toEqual({ refreshes: 1, homes: 1, clears: 1 });
  });

  it('sign-in, account creation and forgot-password carry no token and never trigger the session', async () => {
    const { http, api, counts } = setup(async () => NEW);
    await expect(http.post('/auth/sign-in', {}, { public: true })).rejects.toMatchObject({ response: { status: 401 } });
    expect(api.seen).toEqual(['']);
    expect(counts()).toEqual({ refreshes: 0, homes: 0, clears: 0 });
  });
});

describe('another tab', () => {
  it('signing in, refreshing or signing out is followed through the storage event', () => {
    const { session } = setup(async () => NEW);
    const stop = followOtherTabs(() => session);
    const otherTab = (value: TokenSet | null, key = SESSION_KEY) => {
      if (value) localStorage.setItem(key, JSON.stringify(value));
      else localStorage.removeItem(key);
      window.dispatchEvent(new StorageEvent('storage', { key }));
    };
    try {
      otherTab(NEW);
      expect(session.getSnapshot().context.session).toEqual(NEW);
      otherTab(null, 'userSettings');
      expect(session.getSnapshot().hasTag('signedIn')).toBe(true);
      otherTab(null);
      expect(session.getSnapshot()).toMatchObject({ value: 'signedOut', context: { session: null } });
      otherTab(OLD);
      expect(session.getSnapshot()).toMatchObject({ value: { signedIn: 'loadingUser' }, context: { session: OLD } });
    } finally {
      stop();
      localStorage.clear();
    }
    // Once stopped, nothing more is followed.
    window.dispatchEvent(new StorageEvent('storage', { key: SESSION_KEY }));
    expect(session.getSnapshot().context.session).toEqual(OLD);
  });
});
