import { and, asc, eq, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { preparedPer } from '../db/prepared';
import { mailOutbox } from '../db/schema';

export type OutboxRow = typeof mailOutbox.$inferSelect;
export type MailJob = Pick<
  typeof mailOutbox.$inferInsert,
  'kind' | 'email' | 'userId' | 'passwordHash' | 'inquiryId' | 'deliveryId' | 'consignmentId'
>;

/** Long enough for a slow SMTP exchange; a crashed instance's mail goes out a minute late (at least once). */
const LEASE_SECONDS = 60;

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

/** Claims up to `limit` due rows for `me` (FOR UPDATE SKIP LOCKED, under a lease), counting the attempt. */
export async function claimDueMail(db: Db, me: string, limit: number): Promise<OutboxRow[]> {
  return pollClaim(db).execute({ me, limit });
}

// Only the holder of this attempt records its outcome.
const held = (row: OutboxRow, me: string) =>
  and(eq(mailOutbox.id, row.id), eq(mailOutbox.lockedBy, me), eq(mailOutbox.attempts, row.attempts));

/** Removes a row this attempt holds: its mail went out, was not to be sent, or was given up. */
export async function deleteHeldMail(db: Db, row: OutboxRow, me: string): Promise<void> {
  await db.delete(mailOutbox).where(held(row, me));
}

/** Releases a row this attempt holds, due again in `delayMs`, with the error that stopped it. */
export async function rescheduleHeldMail(db: Db, row: OutboxRow, me: string, delayMs: number, error: string): Promise<void> {
  await db
    .update(mailOutbox)
    .set({
      dueAt: sql`now() + make_interval(secs => ${delayMs / 1000})`,
      lockedUntil: null,
      lockedBy: null,
      error,
    })
    .where(held(row, me));
}

/** Records mail to send; `db` may be the caller's transaction. */
export async function insertMail(db: Db, job: MailJob): Promise<void> {
  await db.insert(mailOutbox).values(job);
}
