import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { rateLimits } from '../db/schema';

/**
 * Counts one hit on a fixed window kept in the database, so every server instance shares it: a window that is over
 * starts again at 1. Answers the count and the seconds until the window ends.
 */
export async function countHit(db: Db, key: string, windowSeconds: number, account: string | null) {
  const window = sql`make_interval(secs => ${windowSeconds})`;
  const result = (await db.execute(sql`
    insert into rate_limits (key, window_start, hits, account) values (${key}, now(), 1, ${account})
    on conflict (key) do update set
      hits = case when rate_limits.window_start <= now() - ${window} then 1 else rate_limits.hits + 1 end,
      window_start = case when rate_limits.window_start <= now() - ${window} then now() else rate_limits.window_start end
    returning hits, ceil(extract(epoch from (window_start + ${window} - now())))::int as retry_after`)) as unknown as {
    rows: Array<{ hits: number; retry_after: number }>;
  };
  const row = result.rows[0];
  return { hits: Number(row.hits), retryAfterSeconds: Number(row.retry_after) };
}

/** Forgets one counter. */
export const forgetWindow = (db: Db, key: string) => db.delete(rateLimits).where(eq(rateLimits.key, key));

/** Forgets every counter kept against an account's address. */
export const forgetAccountWindows = (db: Db, email: string) =>
  db.delete(rateLimits).where(and(eq(rateLimits.account, email), sql`${rateLimits.account} is not null`));

/** Windows long over are forgotten (the worker's upkeep). */
export const forgetOldWindows = (db: Db) => db.delete(rateLimits).where(sql`${rateLimits.windowStart} < now() - interval '1 day'`);
