import type { Db } from '../db/database';
import type { Logger } from '../log';
import { backoffMs, type RetryPolicy } from '../retry-policy';
import type { Mail, Mailer } from './mailer';
import { claimDueMail, deleteHeldMail, insertMail, rescheduleHeldMail, type MailJob, type OutboxRow } from './outbox.repo';

export type { MailJob, OutboxRow } from './outbox.repo';

/** What a row sends, decided when it is sent; null when nothing is to be sent (unknown address, superseded sign-up). */
export type ComposeMail = (row: OutboxRow) => Promise<Mail | null>;

export interface OutboxOptions {
  retry?: RetryPolicy;
  /** Records that a row's mail went out (an inquiry's mailedAt); a failure here is retried like the sending. */
  sent?: (row: OutboxRow) => Promise<void>;
}

/** An SMTP server that is down for a while: retried for about a day before the mail is given up. */
const RETRY: RetryPolicy = { baseDelayMs: 10_000, maxDelayMs: 3 * 60 * 60_000, maxAttempts: 14, maxAuthAttempts: 0 };
export const MAIL_BATCH = 10;

export interface MailOutbox {
  /** Records mail to send and wakes this instance's worker; `db` may be the caller's transaction. */
  enqueue(job: MailJob, db?: Db): Promise<void>;
  /** Wakes the worker after a request wrote to the outbox in a statement of its own. */
  enqueued(): void;
  /** The worker listens here so that mail goes out at once rather than at its next poll. */
  onEnqueued(fn: () => void): void;
  /** Claims due mail (FOR UPDATE SKIP LOCKED, under a lease), sends it and records each outcome; answers how many it claimed. */
  sendDue(me: string, limit?: number): Promise<number>;
}

export function createMailOutbox(db: Db, mailer: Mailer, compose: ComposeMail, log: Logger, options: OutboxOptions = {}): MailOutbox {
  const { retry = RETRY, sent = async () => {} } = options;
  let listener = () => {};

  async function send(row: OutboxRow, me: string) {
    try {
      const mail = await compose(row);
      if (mail) {
        await mailer.send(mail);
        await sent(row);
      }
      await deleteHeldMail(db, row, me);
    } catch (err) {
      if (row.attempts >= retry.maxAttempts) {
        log.error({ err, to: row.email, kind: row.kind, attempts: row.attempts }, 'mail given up');
        await deleteHeldMail(db, row, me);
        return;
      }
      const delayMs = backoffMs(retry, row.attempts);
      log.warn(
        { err: String(err), to: row.email, kind: row.kind, attempts: row.attempts, retryInMs: Math.round(delayMs) },
        'mail not sent; will retry',
      );
      await rescheduleHeldMail(db, row, me, delayMs, String(err).slice(0, 500));
    }
  }

  return {
    async enqueue(job, into = db) {
      await insertMail(into, job);
      listener();
    },
    enqueued: () => listener(),
    onEnqueued(fn) {
      listener = fn;
    },
    async sendDue(me, limit = MAIL_BATCH) {
      const rows = await claimDueMail(db, me, limit);
      await Promise.all(rows.map((row) => send(row, me)));
      return rows.length;
    },
  };
}
