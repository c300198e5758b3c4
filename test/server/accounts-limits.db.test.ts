import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, createTestApp, signedInUser, type TestApp } from '../support/test-app';
import { dbLabel } from '../support/test-db';

let n = 0;
const fresh = () => `limits-${Date.now()}-${++n}@example.com`;

describe(`accounts: limits throttle strangers, never the owner (${dbLabel()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    // One proxy in front: each test chooses its client's address.
    t = await createTestApp({ TRUST_PROXY: '1' });
  });
  afterAll(() => t.close());

  const from = (ip: string, body: unknown, token?: string) => ({ method: 'POST', json: body, token, headers: { 'x-forwarded-for': ip } });
  const signIn = (ip: string, email: string, password: string) => t.request('/api/auth/sign-in', from(ip, { email, password }));
  const security = (ip: string, token: string, body: object) => t.request('/api/user/security', from(ip, body, token));

  it('wrong current passwords on the security form share the sign-in limit: 429 with Retry-After', async () => {
    const u = await signedInUser(t);
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++)
      statuses.push((await security('198.51.100.1', u.idToken, { currentPassword: 'Guess12345', newPassword: 'Taken12345' })).status);
    expect(statuses).toEqual(Array(10).fill(403));
    const limited = await security('198.51.100.1', u.idToken, { currentPassword: PASSWORD, newPassword: 'Taken12345' });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await limited.json()).code).toBe('RATE_LIMITED');
    // The same counter: sign-in from that address is held too, the owner elsewhere is not.
    expect((await signIn('198.51.100.1', u.email, PASSWORD)).status).toBe(429);
    expect((await signIn('198.51.100.2', u.email, PASSWORD)).status).toBe(200);
  });

  it('password guesses from IPv6 addresses count by their /64: a new address in the network does not start afresh', async () => {
    const u = await signedInUser(t);
    const statuses: number[] = [];
    for (let i = 1; i <= 10; i++) statuses.push((await signIn(`2001:db8:10:20:${i}::1`, u.email, 'Guess12345')).status);
    expect(statuses).toEqual(Array(10).fill(401));
    expect((await signIn('2001:db8:10:20:ffff::9', u.email, PASSWORD)).status).toBe(429);
    // The owner, on another network, is not held back.
    expect((await signIn('2001:db8:10:21::1', u.email, PASSWORD)).status).toBe(200);
  });

  it('email-change mails: at most 5 in 15 minutes to one recipient', async () => {
    const a = await signedInUser(t);
    const b = await signedInUser(t);
    const target = fresh();
    const statuses: number[] = [];
    for (const [i, u] of [a, b, a, b, a, b].entries())
      statuses.push((await security(`198.51.101.${i}`, u.idToken, { currentPassword: PASSWORD, email: target })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(t.mails.filter((m) => m.to === target)).toHaveLength(5);
  });

  it('email-change mails: at most 5 in 15 minutes from one account', async () => {
    const u = await signedInUser(t);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await security(`198.51.102.${i}`, u.idToken, { currentPassword: PASSWORD, email: fresh() })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('an address that has an account answers like any other; the mail to it says so', async () => {
    const u = await signedInUser(t);
    const owner = await signedInUser(t);
    const free = fresh();
    const answers = [];
    for (const email of [owner.email, free]) {
      const res = await security('198.51.103.1', u.idToken, { currentPassword: PASSWORD, email });
      answers.push({ status: res.status, body: await res.json() });
    }
    for (const [i, email] of [owner.email, free].entries()) {
      expect(answers[i].status).toBe(200);
      expect(answers[i].body.message).toBe(`We sent a link to ${email}. Your address changes once you open it.`);
      expect(answers[i].body.user.pendingEmail).toBe(email);
    }
    expect(t.mails.filter((m) => m.to === owner.email).map((m) => m.subject)).toContain('Your address is already in use');
    expect(t.mails.filter((m) => m.to === free).map((m) => m.subject)).toEqual(['Confirm your new email address']);
  });

  it("a stranger's failures throttle the stranger's address; the owner's right password from elsewhere signs in", async () => {
    const u = await signedInUser(t);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await signIn('203.0.113.66', u.email, 'Guess12345')).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
    expect((await signIn('203.0.113.66', u.email, PASSWORD)).status).toBe(429);
    expect((await signIn('192.0.2.10', u.email, PASSWORD)).status).toBe(200);
    // The stranger's address is not held for other accounts by one account's pair.
    const other = await signedInUser(t);
    expect((await signIn('203.0.113.66', other.email, PASSWORD)).status).toBe(200);
  });

  it('a completed password reset lifts every limit on the account', async () => {
    const u = await signedInUser(t);
    for (let i = 0; i < 11; i++) await signIn('203.0.113.77', u.email, 'Guess12345');
    expect((await signIn('203.0.113.77', u.email, PASSWORD)).status).toBe(429);
    await t.request('/api/auth/forgotPassword', from('203.0.113.78', { email: u.email }));
    const reset = await t.request(
      '/api/auth/reset-password',
      from('203.0.113.78', { token: t.lastLinkToken(u.email, 'reset-password'), password: 'Renewed2026' }),
    );
    expect(reset.status).toBe(200);
    expect((await signIn('203.0.113.77', u.email, 'Renewed2026')).status).toBe(200);
  });
});
