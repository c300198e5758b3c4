import { and, asc, eq, inArray, isNull, lt, ne, or, sql, type Placeholder } from 'drizzle-orm';
import type { Db } from '../db/database';
import { preparedPer } from '../db/prepared';
import { socialAccounts, socialDeliveries, socialPostMedia, socialPosts, users } from '../db/schema';
import { newRecordKey } from './providers/bluesky/bluesky';

export type DeliveryRow = typeof socialDeliveries.$inferSelect;

export interface DeliveryTarget {
  accountId: string | null;
  platform: string;
  handle: string;
  /** Set when the delivery cannot be attempted at all (account gone, text too long): it is created failed. */
  error?: string;
}

/**
 * Creates a post's deliveries, each with its record key chosen now, before any attempt. Keys are unique across all
 * deliveries: on the (unlikely) clash of a fresh key with a stored one, that delivery gets another key.
 */
export async function insertDeliveries(
  tx: Db,
  postId: string,
  text: string,
  targets: DeliveryTarget[],
  /** A thread's parts in order (each gets its own record key); empty for a single post. */
  parts: string[] = [],
): Promise<DeliveryRow[]> {
  const rows: DeliveryRow[] = [];
  let pending = targets;
  for (let round = 0; pending.length && round < 5; round++) {
    const inserted = await tx
      .insert(socialDeliveries)
      .values(
        pending.map((t) => ({
          postId,
          accountId: t.accountId,
          platform: t.platform,
          handle: t.handle,
          rkey: newRecordKey(),
          text,
          parts,
          partRkeys: parts.slice(1).map(() => newRecordKey()),
          status: t.error ? ('error' as const) : ('pending' as const),
          error: t.error ?? null,
        })),
      )
      .onConflictDoNothing()
      .returning();
    rows.push(...inserted);
    const done = new Set(rows.map((r) => `${r.platform}:${r.handle}`));
    pending = pending.filter((t) => !done.has(`${t.platform}:${t.handle}`));
    if (pending.length) {
      // Either a key clashed, or the delivery already exists (then it is left as it is).
      const existing = await tx.select().from(socialDeliveries).where(eq(socialDeliveries.postId, postId));
      const known = new Set(existing.map((r) => `${r.platform}:${r.handle}`));
      pending = pending.filter((t) => !known.has(`${t.platform}:${t.handle}`));
    }
  }
  return rows;
}

/**
 * Failed deliveries of a published post go back to pending, under the same record keys (Post pressed again). The
 * attempt count starts again from 1, not 0: an earlier attempt may have written the record, so it must be looked for.
 */
export const requeueFailed = (tx: Db, postId: string) =>
  tx
    .update(socialDeliveries)
    .set({ status: 'pending', attempts: 1, nextAttemptAt: sql`now()`, lockedUntil: null, lockedBy: null })
    .where(and(eq(socialDeliveries.postId, postId), eq(socialDeliveries.status, 'error'), sql`${socialDeliveries.accountId} is not null`))
    .returning();

/** A post's failed deliveries whose account was disconnected: they go again once pointed at the account anew. */
export const orphanedFailures = (tx: Db, postId: string) =>
  tx
    .select()
    .from(socialDeliveries)
    .where(and(eq(socialDeliveries.postId, postId), eq(socialDeliveries.status, 'error'), isNull(socialDeliveries.accountId)));

/** Points a delivery at an account (the one it went to, connected again). */
export const pointAtAccount = (tx: Db, deliveryId: string, accountId: string) =>
  tx.update(socialDeliveries).set({ accountId }).where(eq(socialDeliveries.id, deliveryId));

type Value<T> = T | Placeholder;

/**
 * Slots of an instance one account, or one artist, may hold while others wait. One slow or hostile server then delays
 * only its own posts: the others' go out in the next round.
 */
export const FAIR_SHARE = 2;

const uuids = (ids: string[]) =>
  sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

/**
 * The ids of the due deliveries to claim, at most `limit`, in fair order. A delivery is within its share when its
 * account, and its artist, hold fewer than FAIR_SHARE leases (on any instance) counting the ones picked before it in
 * this claim; those come first, oldest first. Beyond them, a claim may borrow slots for deliveries over their share
 * while `reserve` slots stay free: an artist alone with a hundred posts due still uses the instance, and a delivery of
 * anyone else finds a slot at the next round. Window functions cannot take row locks, so the rows are locked after.
 */
function fairDue(limit: Value<number>, reserve: Value<number>, ids?: string[]) {
  const only = ids ? sql`and pd.id in (${uuids(ids)})` : sql``;
  return sql`
    with pending as (
      select d.id, d.account_id, p.user_id, d.next_attempt_at, d.locked_until
      from social_deliveries d join social_posts p on p.id = d.post_id
      where d.status = 'pending'
    ),
    held_by_account as (select account_id, count(*) as n from pending where locked_until >= now() group by account_id),
    held_by_artist as (select user_id, count(*) as n from pending where locked_until >= now() group by user_id),
    due as (
      select pd.id, pd.next_attempt_at,
        row_number() over (partition by coalesce(pd.account_id, pd.id) order by pd.next_attempt_at, pd.id) + coalesce(ha.n, 0) <= ${FAIR_SHARE}
          and row_number() over (partition by pd.user_id order by pd.next_attempt_at, pd.id) + coalesce(hu.n, 0) <= ${FAIR_SHARE} as fair
      from pending pd
        left join held_by_account ha on ha.account_id = pd.account_id
        left join held_by_artist hu on hu.user_id = pd.user_id
      where pd.next_attempt_at <= now()
        and (pd.locked_until is null or pd.locked_until < now())
        -- An account whose session Bluesky no longer accepts holds its deliveries until it is connected again.
        and not exists (select 1 from social_accounts a where a.id = pd.account_id and a.needs_reconnect_at is not null)
        ${only}
    ),
    ranked as (select id, fair, row_number() over (order by fair desc, next_attempt_at, id) as slot from due)
    select id from ranked where slot <= ${limit}::int and (fair or slot <= ${limit}::int - ${reserve}::int)`;
}

/** The claim, with its values given or (for the worker's poll) as placeholders. */
function claimQuery(db: Db, me: Value<string>, limit: Value<number>, leaseSeconds: Value<number>, reserve: Value<number>, ids?: string[]) {
  // The picked rows locked, each checked again as it is locked (another instance may have claimed it meanwhile).
  const due = db
    .select({ id: socialDeliveries.id })
    .from(socialDeliveries)
    .where(
      and(
        sql`${socialDeliveries.id} = any(array(${fairDue(limit, reserve, ids)}))`,
        eq(socialDeliveries.status, 'pending'),
        or(isNull(socialDeliveries.lockedUntil), lt(socialDeliveries.lockedUntil, sql`now()`)),
      ),
    )
    .for('update', { skipLocked: true });
  return (
    db
      .update(socialDeliveries)
      .set({
        lockedUntil: sql`now() + make_interval(secs => ${leaseSeconds})`,
        lockedBy: sql`${me}`,
        attempts: sql`${socialDeliveries.attempts} + 1`,
      })
      // `= any(array(...))` runs the subquery once. `in (...)` may let the planner rescan it inside a join, and each
      // rescan skips the rows this statement already took and locks `limit` more.
      .where(and(sql`${socialDeliveries.id} = any(array(${due}))`, eq(socialDeliveries.status, 'pending')))
      .returning()
  );
}

const pollClaim = preparedPer((db) =>
  claimQuery(db, sql.placeholder('me'), sql.placeholder('limit'), sql.placeholder('leaseSeconds'), FAIR_SHARE).prepare(
    'claim_due_deliveries',
  ),
);

/**
 * Claims up to `limit` due deliveries (or only those of `ids`) for this instance in one short statement: rows are
 * picked in fair order (fairDue) and locked with FOR UPDATE SKIP LOCKED, so concurrent claimers never take the same
 * row, and leased until `leaseSeconds` from now. A row whose lease ran out (its instance crashed) is due again. The
 * attempt counter, raised here, also fences the outcome: only the holder of this attempt may record a retry or a
 * failure. The worker's poll may borrow slots beyond a share (keeping FAIR_SHARE free); a claim of `ids` (the Post
 * button, in the request) takes only what is within its share, and the worker takes the rest.
 */
export function claimDue(db: Db, me: string, limit: number, leaseSeconds: number, ids?: string[]): Promise<DeliveryRow[]> {
  if (ids) return ids.length ? claimQuery(db, me, limit, leaseSeconds, limit, ids) : Promise.resolve([]);
  return pollClaim(db).execute({ me, limit, leaseSeconds });
}

export const heldBy = (d: DeliveryRow, me: string) =>
  and(
    eq(socialDeliveries.id, d.id),
    eq(socialDeliveries.lockedBy, me),
    eq(socialDeliveries.attempts, d.attempts),
    eq(socialDeliveries.status, 'pending'),
  );

/** The record exists: posted, whoever holds the lease now (a second writer would only find the same record). */
export const markPosted = (db: Db, d: DeliveryRow, postUrl: string) =>
  db
    .update(socialDeliveries)
    .set({ status: 'posted', postUrl, postedAt: sql`now()`, error: null, lockedUntil: null, lockedBy: null })
    .where(and(eq(socialDeliveries.id, d.id), ne(socialDeliveries.status, 'posted')));

/** Tries again after `delayMs`, keeping the reason so that the artist sees why it is late. */
export const markRetry = (db: Db, d: DeliveryRow, me: string, delayMs: number, error: string) =>
  db
    .update(socialDeliveries)
    .set({ nextAttemptAt: sql`now() + make_interval(secs => ${delayMs / 1000})`, error, lockedUntil: null, lockedBy: null })
    .where(heldBy(d, me));

/**
 * Not a failed attempt: the network is still processing what this attempt sent (Instagram's containers), or the post
 * is held for a limit (Instagram's daily quota). The slot is given back and the delivery comes again after `delayMs`,
 * `note` as its reason; the claim is not counted, so a Reel that takes minutes never uses up the attempts a failure may
 * take. Only the attempt's own end calls it (nothing of the attempt runs after).
 */
export const markWaiting = (db: Db, d: DeliveryRow, me: string, delayMs: number, note: string) =>
  db
    .update(socialDeliveries)
    .set({
      nextAttemptAt: sql`now() + make_interval(secs => ${delayMs / 1000})`,
      error: note,
      attempts: sql`greatest(${socialDeliveries.attempts} - 1, 0)`,
      lockedUntil: null,
      lockedBy: null,
    })
    .where(heldBy(d, me));

/** Failed for good; answers whether this attempt's holder recorded it (so the artist is told once). */
export const markFailed = async (db: Db, d: DeliveryRow, me: string, error: string) =>
  (
    await db
      .update(socialDeliveries)
      .set({ status: 'error', error, lockedUntil: null, lockedBy: null })
      .where(heldBy(d, me))
      .returning({ id: socialDeliveries.id })
  ).length > 0;

/**
 * The account's session is no longer accepted: the account is marked as needing reconnection and this delivery waits
 * for it, pending with the reason (claimDue skips every delivery of such an account).
 */
export async function waitForReconnect(db: Db, d: DeliveryRow, me: string, accountId: string, error: string) {
  await db
    .update(socialAccounts)
    .set({ needsReconnectAt: sql`coalesce(${socialAccounts.needsReconnectAt}, now())` })
    .where(eq(socialAccounts.id, accountId));
  await db
    .update(socialDeliveries)
    .set({ nextAttemptAt: sql`now()`, error, lockedUntil: null, lockedBy: null })
    .where(heldBy(d, me));
}

/**
 * The account was connected again: it no longer needs reconnection and its waiting deliveries are due at once. Their
 * attempt count goes back to 1 (not 0: an earlier attempt may have written the record, so it is looked for).
 */
export async function releaseAfterReconnect(db: Db, accountId: string): Promise<number> {
  await db.update(socialAccounts).set({ needsReconnectAt: null }).where(eq(socialAccounts.id, accountId));
  const rows = await db
    .update(socialDeliveries)
    .set({ nextAttemptAt: sql`now()`, attempts: sql`least(${socialDeliveries.attempts}, 1)`, lockedUntil: null, lockedBy: null })
    .where(and(eq(socialDeliveries.accountId, accountId), eq(socialDeliveries.status, 'pending')))
    .returning({ id: socialDeliveries.id });
  return rows.length;
}

/**
 * Another record held the key of part `part` (0: the post, or a thread's first part): that part takes a fresh key and
 * the delivery is tried again at once (the parts before it, already written, keep theirs).
 */
export const changeRecordKey = (db: Db, d: DeliveryRow, me: string, part = 0) =>
  db
    .update(socialDeliveries)
    .set({
      ...(part === 0 ? { rkey: newRecordKey() } : { partRkeys: d.partRkeys.map((k, i) => (i === part - 1 ? newRecordKey() : k)) }),
      nextAttemptAt: sql`now()`,
      lockedUntil: null,
      lockedBy: null,
    })
    .where(heldBy(d, me));

/** Heartbeat: the leases this instance still holds on these deliveries run `leaseSeconds` from now again. */
export const renewLeases = (db: Db, me: string, ids: string[], leaseSeconds: number) =>
  db
    .update(socialDeliveries)
    .set({ lockedUntil: sql`now() + make_interval(secs => ${leaseSeconds})` })
    .where(and(inArray(socialDeliveries.id, ids), eq(socialDeliveries.lockedBy, me), eq(socialDeliveries.status, 'pending')));

/** Gives back every lease this instance holds (shutting down): another instance may take them at once. */
export const releaseLeases = (db: Db, me: string) =>
  db
    .update(socialDeliveries)
    .set({ lockedUntil: null, lockedBy: null })
    .where(and(eq(socialDeliveries.lockedBy, me), eq(socialDeliveries.status, 'pending')));

/** The deliveries of some posts, by post. */
export async function deliveriesOf(db: Db, postIds: string[]): Promise<Map<string, DeliveryRow[]>> {
  const out = new Map<string, DeliveryRow[]>();
  if (!postIds.length) return out;
  const rows = await db
    .select()
    .from(socialDeliveries)
    .where(inArray(socialDeliveries.postId, postIds))
    .orderBy(asc(socialDeliveries.createdAt), asc(socialDeliveries.platform), asc(socialDeliveries.handle));
  for (const row of rows) out.set(row.postId, [...(out.get(row.postId) ?? []), row]);
  return out;
}

/** What one delivery sends: its post, the account it goes to (if still there) and the post's files in order. */
export async function deliveryParts(db: Db, d: DeliveryRow) {
  const [[post], [account], media] = await Promise.all([
    db.select().from(socialPosts).where(eq(socialPosts.id, d.postId)),
    d.accountId ? db.select().from(socialAccounts).where(eq(socialAccounts.id, d.accountId)) : Promise.resolve([]),
    db.select().from(socialPostMedia).where(eq(socialPostMedia.postId, d.postId)).orderBy(asc(socialPostMedia.position)),
  ]);
  return { post, account, media };
}

/** A post's schedule and publication, with its artist and their address (whether a failed delivery is mailed). */
export async function postScheduleAndOwner(db: Db, postId: string) {
  const [row] = await db
    .select({ userId: socialPosts.userId, scheduled: socialPosts.dateScheduled, published: socialPosts.datePublished, email: users.email })
    .from(socialPosts)
    .innerJoin(users, eq(users.id, socialPosts.userId))
    .where(eq(socialPosts.id, postId));
  return row;
}

/** A delivery as it is now, with its artist's address of this moment (the failed post's mail is written from it). */
export async function deliveryWithOwnerEmail(db: Db, deliveryId: string) {
  const [found] = await db
    .select({ d: socialDeliveries, email: users.email })
    .from(socialDeliveries)
    .innerJoin(socialPosts, eq(socialPosts.id, socialDeliveries.postId))
    .innerJoin(users, eq(users.id, socialPosts.userId))
    .where(eq(socialDeliveries.id, deliveryId));
  return found;
}
