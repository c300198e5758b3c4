import { and, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { socialAccounts, socialDeliveries } from '../db/schema';
import { METRICS_SCHEDULE } from './metrics-schedule';

/** What a network says of a posted record (Instagram and Facebook: likes or reactions, and comments as replies). */
export interface PostCounts {
  likes: number;
  reposts: number;
  replies: number;
  quotes: number;
}

/** A posted delivery whose counts are due: where each network reads them. */
export type DueMetrics = { id: string; postedAt: Date } & (
  | {
      platform: 'bluesky';
      /** The record's AT-URI, from the account's DID and the delivery's record key. */
      uri: string;
    }
  | {
      platform: 'instagram' | 'facebook';
      /** The published media's (Instagram) or Page post's (Facebook) id. */
      mediaId: string;
      /** The account's sealed token (Instagram's, or the Page's). */
      sessionSealed: string;
    }
  | {
      /** Nothing to read it with (no published id, no login): its last counts stay. */
      platform: 'unreadable';
    }
);

const s = METRICS_SCHEDULE;
const dueAt = sql`coalesce(${socialDeliveries.metricsDueAt}, ${socialDeliveries.postedAt} + make_interval(secs => ${s.firstReadMs / 1000}))`;

/**
 * Claims up to `limit` posted deliveries whose counts are due a read at `now`, oldest due first, for `leaseSeconds`
 * (FOR UPDATE SKIP LOCKED and a lease, so instances running the refresher at once read different posts). Posts older
 * than the schedule's week, and those whose account is gone, are never due.
 */
export async function claimDueMetrics(db: Db, now: Date, limit: number, leaseSeconds: number): Promise<DueMetrics[]> {
  const nowIso = now.toISOString();
  const due = db
    .select({ id: socialDeliveries.id })
    .from(socialDeliveries)
    .where(
      and(
        eq(socialDeliveries.status, 'posted'),
        isNotNull(socialDeliveries.accountId),
        sql`${socialDeliveries.postedAt} > ${nowIso}::timestamptz - make_interval(secs => ${s.stopAfterMs / 1000})`,
        sql`${dueAt} <= ${nowIso}::timestamptz`,
        or(isNull(socialDeliveries.metricsLockedUntil), lt(socialDeliveries.metricsLockedUntil, sql`${nowIso}::timestamptz`)),
      ),
    )
    .orderBy(dueAt)
    .limit(limit)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(socialDeliveries)
    .set({ metricsLockedUntil: sql`${nowIso}::timestamptz + make_interval(secs => ${leaseSeconds})` })
    .where(sql`${socialDeliveries.id} = any(array(${due}))`)
    .returning({
      id: socialDeliveries.id,
      postedAt: socialDeliveries.postedAt,
      rkey: socialDeliveries.rkey,
      accountId: socialDeliveries.accountId,
      platform: socialDeliveries.platform,
      remoteSteps: socialDeliveries.remoteSteps,
    });
  if (!claimed.length) return [];
  const ids = [...new Set(claimed.map((c) => c.accountId!))];
  const accounts = new Map(
    (
      await db
        .select({ id: socialAccounts.id, did: socialAccounts.did, sessionSealed: socialAccounts.sessionSealed })
        .from(socialAccounts)
        .where(inArray(socialAccounts.id, ids))
    ).map((a) => [a.id, a]),
  );
  return claimed.flatMap((c): DueMetrics[] => {
    const account = accounts.get(c.accountId!);
    if (!c.postedAt) return [];
    const base = { id: c.id, postedAt: c.postedAt };
    if (c.platform === 'bluesky')
      return [
        account?.did
          ? { ...base, platform: 'bluesky', uri: `at://${account.did}/app.bsky.feed.post/${c.rkey}` }
          : { ...base, platform: 'unreadable' },
      ];
    const mediaId = c.remoteSteps.mediaId;
    return (c.platform === 'instagram' || c.platform === 'facebook') && mediaId && account?.sessionSealed
      ? [{ ...base, platform: c.platform, mediaId, sessionSealed: account.sessionSealed }]
      : [{ ...base, platform: 'unreadable' }];
  });
}

export interface MetricsRead {
  id: string;
  /** Null when the network did not know the post (or could not be asked): the last counts stay. */
  counts: PostCounts | null;
  /** The next read (null: never again). */
  next: Date | null;
}

/** Stores what a round read, all in one statement, and gives the claims back. */
export async function storeMetrics(db: Db, now: Date, reads: MetricsRead[]): Promise<void> {
  if (!reads.length) return;
  const rows = reads.map((r) => ({ id: r.id, ...(r.counts ?? {}), known: r.counts !== null, next: r.next?.toISOString() ?? null }));
  await db.execute(sql`
    update ${socialDeliveries} d set
      likes = case when v.known then v.likes else d.likes end,
      reposts = case when v.known then v.reposts else d.reposts end,
      replies = case when v.known then v.replies else d.replies end,
      quotes = case when v.known then v.quotes else d.quotes end,
      metrics_read_at = case when v.known then ${now.toISOString()}::timestamptz else d.metrics_read_at end,
      metrics_due_at = coalesce(v.next, d.posted_at + make_interval(secs => ${s.stopAfterMs / 1000})),
      metrics_locked_until = null
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as v(id uuid, likes integer, reposts integer, replies integer, quotes integer, known boolean, next timestamptz)
    where d.id = v.id`);
}

/** A failed AppView call: these posts are tried again after `delayMs`, not at once. */
export const postponeMetrics = (db: Db, now: Date, ids: string[], delayMs: number) =>
  db
    .update(socialDeliveries)
    .set({
      metricsDueAt: sql`${now.toISOString()}::timestamptz + make_interval(secs => ${delayMs / 1000})`,
      metricsLockedUntil: null,
    })
    .where(inArray(socialDeliveries.id, ids));
