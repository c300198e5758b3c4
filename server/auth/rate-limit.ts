import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { HttpError } from '../http/errors';

export interface Limit {
  /** What is limited, e.g. 'sign-in:email'. */
  name: string;
  max: number;
  windowSeconds: number;
}

export const LIMITS = {
  signInPerEmail: { name: 'sign-in:email', max: 10, windowSeconds: 15 * 60 },
  signInPerAddress: { name: 'sign-in:ip', max: 100, windowSeconds: 15 * 60 },
  mailPerEmail: { name: 'mail:email', max: 5, windowSeconds: 15 * 60 },
  mailPerAddress: { name: 'mail:ip', max: 30, windowSeconds: 15 * 60 },
} satisfies Record<string, Limit>;

/**
 * Counts one hit against a fixed window kept in the database, so every server instance shares it.
 * Over the limit: 429 with Retry-After.
 */
export async function hit(db: Db, limit: Limit, subject: string) {
  const key = `${limit.name}:${subject}`;
  const window = sql`make_interval(secs => ${limit.windowSeconds})`;
  const result = (await db.execute(sql`
    insert into rate_limits (key, window_start, hits) values (${key}, now(), 1)
    on conflict (key) do update set
      hits = case when rate_limits.window_start <= now() - ${window} then 1 else rate_limits.hits + 1 end,
      window_start = case when rate_limits.window_start <= now() - ${window} then now() else rate_limits.window_start end
    returning hits, ceil(extract(epoch from (window_start + ${window} - now())))::int as retry_after`)) as unknown as { rows: Array<{ hits: number; retry_after: number }> };
  const row = result.rows[0];
  if (row.hits > limit.max) {
    const retryAfter = Math.max(1, Number(row.retry_after));
    throw new HttpError(429, `Too many attempts. Try again in ${Math.ceil(retryAfter / 60)} minute(s).`, {
      code: 'RATE_LIMITED',
      headers: { 'Retry-After': String(retryAfter) },
    });
  }
}
