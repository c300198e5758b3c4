import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../src/schemas/auth.schema';
import { PASSWORD, createTestApp, signedInUser, type TestApp } from '../support/test-app';
import { dbLabel } from '../support/test-db';

const post = (body: unknown, token?: string) => ({ method: 'POST', json: body, token });
let n = 0;
const fresh = () => `claim-${Date.now()}-${++n}@example.com`;

describe(`accounts: only the owner of a mailbox can claim its address (${dbLabel()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const create = (email: string, password: string) => t.request('/api/auth/create', post({ email, password }));
  const verify = (token: string) => t.request('/api/auth/verify-email', post({ token }));
  const signIn = async (email: string, password: string) => (await t.request('/api/auth/sign-in', post({ email, password }))).status;

  it('a stranger signs up first with the address; the owner signs up and opens the newest mail: only the owner signs in', async () => {
    const email = fresh();
    expect((await create(email, 'Stranger123')).status).toBe(201);
    const strangersLink = t.lastLinkToken(email, 'verify-email');
    expect((await create(email, 'Owner12345')).status).toBe(201);
    const ownersLink = t.lastLinkToken(email, 'verify-email');
    expect(ownersLink).not.toBe(strangersLink);

    const verified = await verify(ownersLink);
    expect(verified.status).toBe(200);
    expect(await verified.json()).toEqual({ message: AUTH_MESSAGES.emailVerified });
    expect(await signIn(email, 'Owner12345')).toBe(200);
    expect(await signIn(email, 'Stranger123')).toBe(401);
    // Nothing from before the owner verified works any more.
    const stale = await verify(strangersLink);
    expect(stale.status).toBe(400);
    expect((await stale.json()).message).toBe(AUTH_MESSAGES.invalidLink);
  });

  it('signing up again ends every earlier link; the link opened brings the password of its own sign-up', async () => {
    const email = fresh();
    await create(email, 'First12345');
    const first = t.lastLinkToken(email, 'verify-email');
    await t.request('/api/auth/resend-verification', post({ email }));
    const resent = t.lastLinkToken(email, 'verify-email');
    await create(email, 'Second12345');
    const second = t.lastLinkToken(email, 'verify-email');

    for (const earlier of [first, resent]) expect((await verify(earlier)).status).toBe(400);
    expect(await signIn(email, 'First12345')).toBe(401);
    expect((await verify(second)).status).toBe(200);
    expect(await signIn(email, 'Second12345')).toBe(200);
    expect(await signIn(email, 'First12345')).toBe(401);
  });

  it('a resent link confirms the pending sign-up, and once verified no earlier link works', async () => {
    const email = fresh();
    await create(email, PASSWORD);
    const original = t.lastLinkToken(email, 'verify-email');
    await t.request('/api/auth/resend-verification', post({ email }));
    const resent = t.lastLinkToken(email, 'verify-email');
    expect((await verify(resent)).status).toBe(200);
    expect(await signIn(email, PASSWORD)).toBe(200);
    expect((await verify(original)).status).toBe(400);
  });

  it('a verified account is left as it is by a sign-up with its address', async () => {
    const u = await signedInUser(t);
    await create(u.email, 'Stranger123');
    expect(t.mails.at(-1)).toMatchObject({ to: u.email, subject: 'You already have an account' });
    expect(await signIn(u.email, 'Stranger123')).toBe(401);
    expect(await signIn(u.email, PASSWORD)).toBe(200);
    expect((await t.request('/api/user', { token: u.idToken })).status).toBe(200);
  });

  it('the worker removes sign-ups nobody confirmed within 7 days; the address is free again', async () => {
    const stale = fresh();
    const recent = fresh();
    const old = await signedInUser(t);
    await create(stale, 'Stranger123');
    await create(recent, 'Stranger123');
    const age = async (email: string, days: number) =>
      t.deps.db.execute(
        sql`update users set updated_at = now() - make_interval(days => ${days}), created_at = now() - make_interval(days => ${days}) where email = ${email}`,
      );
    await age(stale, 8);
    await age(recent, 6);
    await age(old.email, 30);

    await t.deps.social.worker.runOnce();
    const left = async (email: string) =>
      Number(
        (
          (await t.deps.db.execute(sql`select count(*)::int as n from users where email = ${email}`)) as unknown as {
            rows: Array<{ n: number }>;
          }
        ).rows[0].n,
      );
    expect([await left(stale), await left(recent), await left(old.email)]).toEqual([0, 1, 1]);

    await create(stale, 'Owner12345');
    expect((await verify(t.lastLinkToken(stale, 'verify-email'))).status).toBe(200);
    expect(await signIn(stale, 'Owner12345')).toBe(200);
  });

  it("an unverified claim does not keep the mailbox's owner from moving their account to it", async () => {
    const u = await signedInUser(t);
    const address = fresh();
    await create(address, 'Stranger123');
    const res = await t.request('/api/user/security', post({ currentPassword: PASSWORD, email: address }, u.idToken));
    expect(res.status).toBe(200);
    expect(t.mails.at(-1)).toMatchObject({ to: address, subject: 'Confirm your new email address' });
    expect((await verify(t.lastLinkToken(address, 'verify-email'))).status).toBe(200);
    expect(await signIn(address, PASSWORD)).toBe(200);
    expect(await signIn(address, 'Stranger123')).toBe(401);
  });
});
