import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import type { AppDeps } from '../../server/context';
import { createDeps } from '../../server/deps';
import { createLogger } from '../../server/log';
import type { Mail, Mailer } from '../../server/mail/mailer';
import { openTestDatabase } from './test-db';

export interface TestApp {
  deps: AppDeps;
  /**
   * Sends a request to the app in-process (no network). Paths start with /api (or are whole addresses, for another
   * host than localhost). Once it is answered, the mail it
   * recorded is sent (as the server's worker would a moment later) unless `holdMail` is set.
   */
  request(path: string, init?: RequestInit & { json?: unknown; token?: string; holdMail?: boolean }): Promise<Response>;
  /** Sends the mail waiting in the outbox (what is due now), as the worker does. */
  sendMail(): Promise<void>;
  mails: Mail[];
  /** Makes the mailer fail (an SMTP server that is down) or work again. */
  setMailDown(down: boolean): void;
  /** The token of the last mailed link to `to` (verify-email or reset-password). */
  lastLinkToken(to: string, page?: 'verify-email' | 'reset-password'): string;
  close(): Promise<void>;
}

/** A real server (database on PGlite or PostgreSQL per TEST_DB, files in a temp dir) whose mail is captured. */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'studio-test-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', JWT_SECRET: 'test-secret-test-secret-test-secret!', ...env });
  const mails: Mail[] = [];
  let mailDown = false;
  const mailer: Mailer = {
    send: async (mail) => {
      if (mailDown) throw new Error('421 Service not available, try again later');
      mails.push(mail);
    },
  };
  const deps = await createDeps(config, createLogger('silent'), { mailer, database: await openTestDatabase() });
  const app = buildApp(deps);
  // One send at a time: a mail claimed by a concurrent request's send is only in `mails` once that send ends, so a
  // second caller waits for it rather than finding the outbox empty and reading `mails` too early.
  let sending = Promise.resolve();
  const sendMail = () => {
    sending = sending
      .catch(() => undefined)
      .then(async () => {
        while ((await deps.outbox.sendDue('test-app')) > 0);
      });
    return sending;
  };

  return {
    deps,
    mails,
    setMailDown(down) {
      mailDown = down;
    },
    async request(p, init = {}) {
      const { json, token, headers, holdMail, ...rest } = init;
      const h = new Headers(headers);
      if (json !== undefined) h.set('content-type', 'application/json');
      if (token) h.set('authorization', `Bearer ${token}`);
      const res = await app.request(/^https?:/.test(p) ? p : `http://localhost${p}`, {
        ...rest,
        headers: h,
        body: json !== undefined ? JSON.stringify(json) : rest.body,
      });
      if (!holdMail) await sendMail();
      return res;
    },
    sendMail,
    lastLinkToken(to, page) {
      const mail = [...mails].reverse().find((m) => m.to === to && (!page || m.link?.includes(`/${page}?`)));
      if (!mail?.link) throw new Error(`no mailed link to ${to}`);
      return new URL(mail.link).searchParams.get('token')!;
    },
    async close() {
      await deps.database.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

export const PASSWORD = 'Secret123';

/** Creates a verified account and signs it in; answers its tokens. */
export async function signedInUser(
  t: TestApp,
  email = `artist-${Math.random().toString(36).slice(2, 10)}@example.com`,
  password = PASSWORD,
) {
  await t.request('/api/auth/create', { method: 'POST', json: { email, password } });
  await t.request('/api/auth/verify-email', { method: 'POST', json: { token: t.lastLinkToken(email, 'verify-email') } });
  const res = await t.request('/api/auth/sign-in', { method: 'POST', json: { email, password } });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  const tokens = (await res.json()) as { idToken: string; refreshToken: string; accessToken: string };
  return { email, password, ...tokens };
}
