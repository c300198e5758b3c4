import { SignJWT, decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deriveKey } from '../../server/secrets';
import { PASSWORD, createTestApp, signedInUser, type TestApp } from '../support/test-app';
import { dbLabel } from '../support/test-db';

const post = (body: unknown) => ({ method: 'POST', json: body });
const SECRET = 'test-secret-test-secret-test-secret!';

describe(`accounts: tokens, refresh, sign-out, rate limits (${dbLabel()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('the ID token is a JWT with email and display name that expires in an hour', async () => {
    const u = await signedInUser(t);
    await t.request('/api/user', { method: 'POST', token: u.idToken, json: { firstName: 'Ada', lastName: 'Lovelace' } });
    const again = await (await t.request('/api/auth/sign-in', post({ email: u.email, password: PASSWORD }))).json();
    const claims = decodeJwt(again.idToken);
    expect(claims).toMatchObject({ email: u.email, name: 'Ada Lovelace', token_use: 'id' });
    expect(claims.exp! - claims.iat!).toBe(3600);
    expect(typeof again.accessToken).toBe('string');
    expect(again.refreshToken).toMatch(/^[\w-]{40,}$/);
  });

  it('refresh rotates; reusing a rotated token ends the whole session', async () => {
    const u = await signedInUser(t);
    const first = await t.request('/api/auth/refresh', post({ refreshToken: u.refreshToken }));
    expect(first.status).toBe(200);
    const next = await first.json();
    expect(next.refreshToken).not.toBe(u.refreshToken);
    expect((await t.request('/api/user', { token: next.idToken })).status).toBe(200);

    // The old one again: refused, and the family (including the new token) is revoked.
    const replay = await t.request('/api/auth/refresh', post({ refreshToken: u.refreshToken }));
    expect(replay.status).toBe(401);
    expect((await t.request('/api/auth/refresh', post({ refreshToken: next.refreshToken }))).status).toBe(401);
    expect((await t.request('/api/user', { token: next.idToken })).status).toBe(401);
    expect((await t.request('/api/user', { token: u.idToken })).status).toBe(401);
  });

  it('sign-out ends the session of its refresh token only', async () => {
    const u = await signedInUser(t);
    const other = await (await t.request('/api/auth/sign-in', post({ email: u.email, password: PASSWORD }))).json();
    expect((await t.request('/api/user', { token: u.idToken })).status).toBe(200);
    const out = await t.request('/api/auth/sign-out', post({ refreshToken: u.refreshToken }));
    expect(out.status).toBe(204);
    expect((await t.request('/api/user', { token: u.idToken })).status).toBe(401);
    expect((await t.request('/api/auth/refresh', post({ refreshToken: u.refreshToken }))).status).toBe(401);
    expect((await t.request('/api/user', { token: other.idToken })).status).toBe(200);
    // Signing out twice, or with an unknown token, is harmless.
    expect((await t.request('/api/auth/sign-out', post({ refreshToken: u.refreshToken }))).status).toBe(204);
    expect((await t.request('/api/auth/sign-out', post({ refreshToken: 'unknown' }))).status).toBe(204);
  });

  it('tampered, expired, foreign and missing tokens answer 401, never 500', async () => {
    const u = await signedInUser(t);
    const [h, p, s] = u.idToken.split('.');
    const flip = (x: string) => (x[5] === 'A' ? `${x.slice(0, 5)}B${x.slice(6)}` : `${x.slice(0, 5)}A${x.slice(6)}`);
    const key = new TextEncoder().encode(deriveKey(SECRET, 'jwt'));
    const claims = decodeJwt(u.idToken);
    const expired = await new SignJWT({ ...claims, exp: Math.floor(Date.now() / 1000) - 10 })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(key);
    const foreign = await new SignJWT({ ...claims }).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode('x'.repeat(40)));
    const accessAsBearer = u.accessToken;
    // The same claims unsigned, as 'alg: none' would have them accepted.
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${p}.`;
    for (const token of [
      `${h}.${p}.${flip(s)}`,
      `${h}.${flip(p)}.${s}`,
      expired,
      foreign,
      accessAsBearer,
      'garbage',
      `${h}.${p}`,
      unsigned,
    ]) {
      const res = await t.request('/api/user', { token });
      expect(res.status, token.slice(-12)).toBe(401);
      expect(typeof (await res.json()).message).toBe('string');
    }
    expect((await t.request('/api/user')).status).toBe(401);
    expect((await t.request('/api/user', { headers: { authorization: 'Basic abc' } })).status).toBe(401);
    const expiredRes = await t.request('/api/user', { token: expired });
    expect((await expiredRes.json()).message).toBe('Your session has expired.');
  });

  it('sign-in is rate limited per address: 429 with Retry-After', async () => {
    const u = await signedInUser(t);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await t.request('/api/auth/sign-in', post({ email: u.email, password: 'Wrong12345' }))).status);
    expect(statuses.slice(0, 9).every((s) => s === 401)).toBe(true);
    const limited = await t.request('/api/auth/sign-in', post({ email: u.email, password: PASSWORD }));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await limited.json()).code).toBe('RATE_LIMITED');
  });

  it('forgot password is rate limited per address: 429 with Retry-After', async () => {
    const email = `limited-${Date.now()}@example.com`;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await t.request('/api/auth/forgotPassword', post({ email }))).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const res = await t.request('/api/auth/forgotPassword', post({ email }));
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
