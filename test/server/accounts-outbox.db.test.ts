import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeAccountMail } from '../../server/auth/account-mail';
import { createLogger } from '../../server/log';
import type { Mail } from '../../server/mail/mailer';
import { createMailOutbox } from '../../server/mail/outbox';
import { PASSWORD, createTestApp, signedInUser, type TestApp } from '../support/test-app';
import { dbLabel } from '../support/test-db';

let n = 0;
const fresh = () => `outbox-${Date.now()}-${++n}@example.com`;

describe(`accounts: mail leaves the request path through the outbox (${dbLabel()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    // The worker polls once a minute here: mail that goes out at once was woken by its request.
    t = await createTestApp({ TRUST_PROXY: '1', SOCIAL_POLL_MS: '60000' });
  });
  afterAll(() => t.close());

  const waiting = async () =>
    Number(
      ((await t.deps.db.execute(sql`select count(*)::int as n from mail_outbox`)) as unknown as { rows: Array<{ n: number }> }).rows[0].n,
    );
  const held = (body: unknown, token?: string) => ({
    method: 'POST',
    json: body,
    token,
    holdMail: true,
    headers: { 'x-forwarded-for': `192.0.2.${++n % 250}` },
  });

  it('forgot password, create, resend and the security form answer without sending mail, for known and unknown addresses alike', async () => {
    const u = await signedInUser(t);
    const pending = fresh();
    await t.request('/api/auth/create', { method: 'POST', json: { email: pending, password: PASSWORD } });
    const before = t.mails.length;
    const calls: Array<[string, unknown, string?]> = [
      ['/api/auth/forgotPassword', { email: u.email }],
      ['/api/auth/forgotPassword', { email: fresh() }],
      ['/api/auth/create', { email: u.email, password: PASSWORD }],
      ['/api/auth/create', { email: fresh(), password: PASSWORD }],
      ['/api/auth/resend-verification', { email: pending }],
      ['/api/auth/resend-verification', { email: fresh() }],
      ['/api/user/security', { currentPassword: PASSWORD, email: fresh() }, u.idToken],
    ];
    for (const [path, body, token] of calls) {
      const res = await t.request(path, held(body, token));
      expect(res.status, path).toBeLessThan(300);
      expect(t.mails.length, `${path} mailed in the request`).toBe(before);
    }
    // Every call recorded one row, whether or not its address has an account.
    expect(await waiting()).toBe(calls.length);
    await t.sendMail();
    expect(await waiting()).toBe(0);
    expect(
      t.mails
        .slice(before)
        .map((m) => m.subject)
        .sort(),
    ).toEqual(
      [
        'Confirm your new email address',
        'Reset your password',
        'Verify your email address',
        'Verify your email address',
        'You already have an account',
      ].sort(),
    );
  });

  it('an SMTP failure is retried later with backoff; the mail is not lost', async () => {
    const u = await signedInUser(t);
    await t.request('/api/auth/forgotPassword', held({ email: u.email }));
    const sent: Mail[] = [];
    let down = true;
    const smtp = { send: async (mail: Mail) => (down ? Promise.reject(new Error('421 try again later')) : void sent.push(mail)) };
    const outbox = createMailOutbox(t.deps.db, smtp, composeAccountMail(t.deps.db, 'http://localhost:8080'), createLogger('silent'));

    expect(await outbox.sendDue('instance-a')).toBe(1);
    const [row] = (
      (await t.deps.db.execute(sql`select attempts, error, due_at > now() as later from mail_outbox`)) as unknown as {
        rows: Array<{ attempts: number; error: string; later: boolean }>;
      }
    ).rows;
    expect(row).toMatchObject({ attempts: 1, later: true });
    expect(row.error).toContain('421');
    // Not due yet: nothing is tried again at once.
    expect(await outbox.sendDue('instance-a')).toBe(0);

    down = false;
    await t.deps.db.execute(sql`update mail_outbox set due_at = now()`);
    expect(await outbox.sendDue('instance-a')).toBe(1);
    expect(sent.map((m) => [m.to, m.subject])).toEqual([[u.email, 'Reset your password']]);
    expect(await waiting()).toBe(0);
  });

  it('two instances sending from one outbox send each mail once', async () => {
    const users = await Promise.all([signedInUser(t), signedInUser(t), signedInUser(t)]);
    for (let i = 0; i < 24; i++) await t.deps.outbox.enqueue({ kind: 'reset', email: users[i % 3].email });
    const sent: Array<[string, Mail]> = [];
    const instance = (name: string) =>
      createMailOutbox(
        t.deps.db,
        { send: async (mail) => void (await new Promise((r) => setTimeout(r, 5)), sent.push([name, mail])) },
        composeAccountMail(t.deps.db, 'http://localhost:8080'),
        createLogger('silent'),
      );
    const drain = async (name: string) => {
      const outbox = instance(name);
      while ((await outbox.sendDue(name, 4)) > 0);
    };
    await Promise.all([drain('a'), drain('b')]);
    expect(sent).toHaveLength(24);
    const links = new Set(sent.map(([, m]) => m.link));
    expect(links.size).toBe(24);
    expect(await waiting()).toBe(0);
  });

  it("the server's worker sends recorded mail at once, without waiting for its next poll", async () => {
    const u = await signedInUser(t);
    const before = t.mails.length;
    const worker = t.deps.social.worker;
    worker.start();
    try {
      const started = Date.now();
      await t.request('/api/auth/forgotPassword', held({ email: u.email }));
      while (t.mails.length === before && Date.now() - started < 5000) await new Promise((r) => setTimeout(r, 10));
      expect(t.mails.slice(before).map((m) => m.to)).toEqual([u.email]);
    } finally {
      await worker.stop();
    }
  });
});
