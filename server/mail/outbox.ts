import { and, asc, eq, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { preparedPer } from '../db/prepared';
import { mailOutbox } from '../db/schema';
import type { Logger } from '../log';
import { backoffMs, type RetryPolicy } from '../retry-policy';
import type { Mail, Mailer } from './mailer';

export type OutboxRow = typeof mailOutbox.$inferSelect;
export type MailJob = Pick<
  typeof mailOutbox.$inferInsert,
  'kind' | 'email' | 'userId' | 'passwordHash' | 'inquiryId' | 'deliveryId' | 'consignmentId'
>;

/** What a row sends, decided when it is sent; null when nothing is to be sent (unknown address, superseded sign-up). */
export type ComposeMail = (row: OutboxRow) => Promise<Mail | null>;

export interface OutboxOptions {
  retry?: RetryPolicy;
  /** Records that a row's mail went out (an inquiry's mailedAt); a failure here is retried like the sending. */
  sent?: (row: OutboxRow) => Promise<void>;
}

/** An SMTP server that is down for a while: retried for about a day before the mail is given up. */
const RETRY: RetryPolicy = { baseDelayMs: 10_000, maxDelayMs: 3 * 60 * 60_000, maxAttempts: 14, maxAuthAttempts: 0 };
/** Long enough for a slow SMTP exchange; a crashed instance's mail goes out a minute late (at least once). */
const LEASE_SECONDS = 60;
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

/** Due mail for this instance under a lease; prepared once, as the worker polls with it several times a second. */
const pollClaim = preparedPer((db) => {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(lte(mailOutbox.dueAt, sql`now()`), or(isNull(mailOutbox.lockedUntil), lt(mailOutbox.lockedUntil, sql`now()`))))
    .orderBy(asc(mailOutbox.dueAt))
    .limit(sql.placeholder('limit'))
    .for('update', { skipLocked: true });
  return db
    .update(mailOutbox)
    .set({
      lockedUntil: sql`now() + make_interval(secs => ${LEASE_SECONDS})`,
      lockedBy: sql`${sql.placeholder('me')}`,
      attempts: sql`${mailOutbox.attempts} + 1`,
    })
    .where(sql`${mailOutbox.id} = any(array(${due}))`)
    .returning()
    .prepare('claim_due_mail');
});

export function createMailOutbox(db: Db, mailer: Mailer, compose: ComposeMail, log: Logger, options: OutboxOptions = {}): MailOutbox {
  const { retry = RETRY, sent = async () => {} } = options;
  let listener = () => {};

  async function claim(me: string, limit: number): Promise<OutboxRow[]> {
    return pollClaim(db).execute({ me, limit });
  }

  // Only the holder of this attempt records its outcome.
  const held = (row: OutboxRow, me: string) =>
    and(eq(mailOutbox.id, row.id), eq(mailOutbox.lockedBy, me), eq(mailOutbox.attempts, row.attempts));

  async function send(row: OutboxRow, me: string) {
    try {
      const mail = await compose(row);
      if (mail) {
        await mailer.send(mail);
        await sent(row);
      }
      await db.delete(mailOutbox).where(held(row, me));
    } catch (err) {
      if (row.attempts >= retry.maxAttempts) {
        log.error({ err, to: row.email, kind: row.kind, attempts: row.attempts }, 'mail given up');
        await db.delete(mailOutbox).where(held(row, me));
        return;
      }
      const delayMs = backoffMs(retry, row.attempts);
      log.warn(
        { err: String(err), to: row.email, kind: row.kind, attempts: row.attempts, retryInMs: Math.round(delayMs) },
        'mail not sent; will retry',
      );
      await db
        .update(mailOutbox)
        .set({
          dueAt: sql`now() + make_interval(secs => ${delayMs / 1000})`,
          lockedUntil: null,
          lockedBy: null,
          error: String(err).slice(0, 500),
        })
        .where(held(row, me));
    }
  }

  return {
    async enqueue(job, into = db) {
      await into.insert(mailOutbox).values(job);
      listener();
    },
    enqueued: () => listener(),
    onEnqueued(fn) {
      listener = fn;
    },
    async sendDue(me, limit = MAIL_BATCH) {
      const rows = await claim(me, limit);
      await Promise.all(rows.map((row) => send(row, me)));
      return rows.length;
    },
  };
}
