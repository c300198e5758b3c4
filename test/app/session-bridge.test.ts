import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { createActor, fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import { sessionMachine } from '../../src/machines/session.machine';
import type { TokenSet } from '../../src/schemas/auth.schema';
import type { User } from '../../src/schemas/user.schema';
import { createHttp } from '../../src/services/http';
import { createSessionBridge } from '../../src/services/session-bridge';

const idToken = (tag: string) => `e30.${btoa(JSON.stringify({ sub: 'u1', email: 'a@b.co', name: tag, exp: Math.floor(Date.now() / 1000) + 3600 }))}.${tag}`;
const OLD: TokenSet = { accessToken: 'a', refreshToken: 'r-old', idToken: idToken('old') };
const NEW: TokenSet = { accessToken: 'a', refreshToken: 'r-new', idToken: idToken('new') };
const USER: User = { userId: 'u1', firstName: '', lastName: '', email: 'a@b.co', displayName: '', pendingEmail: null, avatarVersion: null };

/** An API that answers 401 to the old token and 200 to the new one, recording every request's token. */
function fakeApi() {
  const seen: string[] = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const token = String(config.headers.Authorization ?? '').replace('Bearer ', '');
    seen.push(token);
    const ok = token === NEW.idToken;
    const response = { data: ok ? { ok: true } : { message: 'Sign in to continue.' }, status: ok ? 200 : 401, statusText: '', headers: {}, config };
    if (!ok) throw Object.assign(new Error('401'), { isAxiosError: true, config, response });
    return response;
  };
  return { adapter, seen };
}

function setup(refresh: () => Promise<TokenSet>) {
  let refreshes = 0;
  let homes = 0;
  const session = createActor(
    sessionMachine.provide({
      actors: {
        refresh: fromPromise(async () => {
          refreshes += 1;
          return refresh();
        }),
        // The shell's own call for the user stays pending: only the calls below matter here.
        loadUser: fromPromise(() => new Promise<User>(() => USER)),
      },
      actions: { goHome: () => void (homes += 1) },
    }),
    { input: { stored: OLD } },
  ).start();
  const api = fakeApi();
  const http = createHttp(createSessionBridge(() => session), '/api');
  http.defaults.adapter = api.adapter;
  return { session, http, api, counts: () => ({ refreshes, homes }) };
}

describe('five protected calls refused together', () => {
  it('refresh the session once and are all retried with the new token', async () => {
    const { http, api, counts, session } = setup(async () => NEW);
    const results = await Promise.all(Array.from({ length: 5 }, (_, i) => http.get(`/thing/${i}`)));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(counts()).toEqual({ refreshes: 1, homes: 0 });
    expect(api.seen.filter((t) => t === OLD.idToken)).toHaveLength(5);
    expect(api.seen.filter((t) => t === NEW.idToken)).toHaveLength(5);
    expect(session.getSnapshot().context.session).toEqual(NEW);
  });

  it('end the session and go home exactly once when the refresh fails', async () => {
    const { http, counts, session } = setup(async () => {
      throw new Error('Your session has ended');
    });
    const outcomes = await Promise.allSettled(Array.from({ length: 5 }, (_, i) => http.get(`/thing/${i}`)));
    expect(outcomes.every((o) => o.status === 'rejected')).toBe(true);
    expect(counts()).toEqual({ refreshes: 1, homes: 1 });
    expect(session.getSnapshot().value).toBe('signedOut');
    // Calls made once signed out are refused without reaching the API or the session again.
    await expect(http.get('/later')).rejects.toThrow('You are signed out.');
    expect(counts()).toEqual({ refreshes: 1, homes: 1 });
  });

  it('sign-in, account creation and forgot-password carry no token and never trigger the session', async () => {
    const { http, api, counts } = setup(async () => NEW);
    await expect(http.post('/auth/sign-in', {}, { public: true })).rejects.toMatchObject({ response: { status: 401 } });
    expect(api.seen).toEqual(['']);
    expect(counts()).toEqual({ refreshes: 0, homes: 0 });
  });
});
