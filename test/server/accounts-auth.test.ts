import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../src/schemas/auth.schema';
import { PASSWORD, createTestApp, signedInUser, type TestApp } from '../support/test-app';
import { dbLabel } from '../support/test-db';

const json = (body: unknown) => ({ method: 'POST', json: body });
let n = 0;
const fresh = () => `new-${Date.now()}-${++n}@example.com`;

describe(`accounts: create, verify, sign in, forgot and reset (${dbLabel()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('creating an account answers 201 with the required message and mails a verification link', async () => {
    const email = fresh();
    const res = await t.request('/api/auth/create', json({ email: ` ${email.toUpperCase()} `, password: PASSWORD }));
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ message: AUTH_MESSAGES.accountCreated });
    const mail = t.mails.at(-1)!;
    expect(mail.to).toBe(email);
    expect(mail.subject).toBe('Verify your email address');
    expect(mail.link).toMatch(/^http:\/\/localhost:8080\/verify-email\?token=[\w-]{20,}$/);
  });

  it.each([
    [{ email: '', password: PASSWORD }, 'email', 'Email is required'],
    [{ email: 'not-an-email', password: PASSWORD }, 'email', 'Enter a valid email address'],
    [{ email: `${'a'.repeat(250)}@x.co`, password: PASSWORD }, 'email', 'Email must be at most 254 characters'],
    [{ email: 'a@b.co', password: '' }, 'password', 'Password is required'],
    [{ email: 'a@b.co', password: 'Ab1' }, 'password', 'Password must be at least 8 characters'],
    [{ email: 'a@b.co', password: `Ab1${'x'.repeat(126)}` }, 'password', 'Password must be at most 128 characters'],
    [{ email: 'a@b.co', password: 'ABCDEFG1' }, 'password', 'Password must contain a lowercase letter'],
    [{ email: 'a@b.co', password: 'abcdefg1' }, 'password', 'Password must contain an uppercase letter'],
    [{ email: 'a@b.co', password: 'Abcdefgh' }, 'password', 'Password must contain a number'],
    [{ password: PASSWORD }, 'email', 'Email is required'],
    [{ email: 'a@b.co' }, 'password', 'Password is required'],
  ])('create %j -> 400 with "%s: %s"', async (body, field, message) => {
    const res = await t.request('/api/auth/create', json(body));
    expect(res.status).toBe(400);
    const payload = await res.json();
    expect(payload.message).toBe('Please correct the highlighted fields.');
    expect(payload.fieldErrors[field]).toContain(message);
  });

  it('an address that already has an account gets the same answer; its owner is told by mail', async () => {
    const { email } = await signedInUser(t);
    const before = t.mails.length;
    const res = await t.request('/api/auth/create', json({ email, password: 'Another123' }));
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ message: AUTH_MESSAGES.accountCreated });
    expect(t.mails.slice(before).map((m) => [m.to, m.subject])).toEqual([[email, 'You already have an account']]);
    // The existing password still works; the attempt changed nothing.
    expect((await t.request('/api/auth/sign-in', json({ email, password: PASSWORD }))).status).toBe(200);
  });

  it('signing in before verifying answers 403 EMAIL_NOT_VERIFIED; resending mails a new link; verifying lets in', async () => {
    const email = fresh();
    await t.request('/api/auth/create', json({ email, password: PASSWORD }));
    const early = await t.request('/api/auth/sign-in', json({ email, password: PASSWORD }));
    expect(early.status).toBe(403);
    expect(await early.json()).toEqual({ message: AUTH_MESSAGES.emailNotVerified, code: 'EMAIL_NOT_VERIFIED' });
    // A wrong password does not reveal that the account is unverified.
    expect((await t.request('/api/auth/sign-in', json({ email, password: 'Wrong12345' }))).status).toBe(401);

    const resend = await t.request('/api/auth/resend-verification', json({ email }));
    expect(await resend.json()).toEqual({ message: AUTH_MESSAGES.verificationSent });
    const token = t.lastLinkToken(email, 'verify-email');
    const verified = await t.request('/api/auth/verify-email', json({ token }));
    expect(verified.status).toBe(200);
    expect(await verified.json()).toEqual({ message: AUTH_MESSAGES.emailVerified });
    expect((await t.request('/api/auth/sign-in', json({ email, password: PASSWORD }))).status).toBe(200);
    // Single use.
    const again = await t.request('/api/auth/verify-email', json({ token }));
    expect(again.status).toBe(400);
    expect((await again.json()).message).toBe(AUTH_MESSAGES.invalidLink);
  });

  it('a made-up verification token answers 400 with the invalid-link message', async () => {
    const res = await t.request('/api/auth/verify-email', json({ token: 'made-up-token' }));
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe(AUTH_MESSAGES.invalidLink);
  });

  it('wrong password and unknown address both answer 401 with the same message', async () => {
    const { email } = await signedInUser(t);
    for (const body of [
      { email, password: 'Wrong12345' },
      { email: fresh(), password: PASSWORD },
    ]) {
      const res = await t.request('/api/auth/sign-in', json(body));
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ message: AUTH_MESSAGES.invalidCredentials });
    }
  });

  it('forgot password answers the same whether or not the address exists; the reset link works once', async () => {
    const { email, idToken } = await signedInUser(t);
    for (const address of [email, fresh()]) {
      const res = await t.request('/api/auth/forgotPassword', json({ email: address }));
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ message: AUTH_MESSAGES.resetLinkSent });
    }
    expect((await t.request('/api/auth/forgotPassword', json({ email: '' }))).status).toBe(400);

    const token = t.lastLinkToken(email, 'reset-password');
    const weak = await t.request('/api/auth/reset-password', json({ token, password: 'weak' }));
    expect(weak.status).toBe(400);
    const reset = await t.request('/api/auth/reset-password', json({ token, password: 'Renewed2026' }));
    expect(reset.status).toBe(200);
    expect(await reset.json()).toEqual({ message: AUTH_MESSAGES.passwordReset });
    expect((await t.request('/api/auth/reset-password', json({ token, password: 'Renewed2027' }))).status).toBe(400);
    // The reset ended every session; the old password is gone, the new one works.
    expect((await t.request('/api/user', { token: idToken })).status).toBe(401);
    expect((await t.request('/api/auth/sign-in', json({ email, password: PASSWORD }))).status).toBe(401);
    expect((await t.request('/api/auth/sign-in', json({ email, password: 'Renewed2026' }))).status).toBe(200);
  });
});
