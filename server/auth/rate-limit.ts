import { and, eq, sql } from 'drizzle-orm';
import ipaddr from 'ipaddr.js';
import type { Db } from '../db/database';
import { rateLimits } from '../db/schema';
import { RateLimited } from '../errors';

export interface Limit {
  /** What is limited, e.g. 'sign-in:pair'. */
  name: string;
  max: number;
  windowSeconds: number;
}

const WINDOW = 15 * 60;

/**
 * Password guesses are counted per client address and per (client address, account) pair, never per account alone:
 * a stranger's failures throttle the stranger, and the owner signing in from elsewhere is never locked out.
 */
export const LIMITS = {
  passwordPerPair: { name: 'password:pair', max: 10, windowSeconds: WINDOW },
  passwordPerAddress: { name: 'password:ip', max: 100, windowSeconds: WINDOW },
  mailPerEmail: { name: 'mail:email', max: 5, windowSeconds: WINDOW },
  mailPerUser: { name: 'mail:user', max: 5, windowSeconds: WINDOW },
  mailPerAddress: { name: 'mail:ip', max: 30, windowSeconds: WINDOW },
} satisfies Record<string, Limit>;

/**
 * What a limit per client address counts: an IPv4 address as it is (an IPv4-mapped IPv6 one as its IPv4 address), an
 * IPv6 address by its /64. One subscriber gets a /64 (or more) and picks addresses in it at will, so counting single
 * IPv6 addresses would let one client pass for 2^64. Anything else ('unknown') is counted as it is.
 */
export function networkOf(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const ip = ipaddr.process(address);
  if (ip.kind() === 'ipv4') return ip.toString();
  const prefix = ip.toByteArray().slice(0, 8);
  return `${ipaddr.fromByteArray([...prefix, 0, 0, 0, 0, 0, 0, 0, 0]).toString()}/64`;
}

/**
 * Counts one hit against a fixed window kept in the database, so every server instance shares it. `account` names
 * the account address the counter concerns, so that a completed password reset can lift it.
 * Over the limit: 429 with Retry-After.
 */
export async function hit(db: Db, limit: Limit, subject: string, account: string | null = null) {
  const key = `${limit.name}:${subject}`;
  const window = sql`make_interval(secs => ${limit.windowSeconds})`;
  const result = (await db.execute(sql`
    insert into rate_limits (key, window_start, hits, account) values (${key}, now(), 1, ${account})
    on conflict (key) do update set
      hits = case when rate_limits.window_start <= now() - ${window} then 1 else rate_limits.hits + 1 end,
      window_start = case when rate_limits.window_start <= now() - ${window} then now() else rate_limits.window_start end
    returning hits, ceil(extract(epoch from (window_start + ${window} - now())))::int as retry_after`)) as unknown as {
    rows: Array<{ hits: number; retry_after: number }>;
  };
  const row = result.rows[0];
  if (row.hits > limit.max) {
    const retryAfter = Math.max(1, Number(row.retry_after));
    throw new RateLimited(`Too many attempts. Try again in ${Math.ceil(retryAfter / 60)} minute(s).`, {
      code: 'RATE_LIMITED',
      retryAfterSeconds: retryAfter,
    });
  }
}

/** Counts a password check from `ip` (its network) against `email`'s account (sign-in, or the current password of a change). */
export async function hitPasswordCheck(db: Db, ip: string, email: string) {
  await hit(db, LIMITS.passwordPerAddress, networkOf(ip));
  await hit(db, LIMITS.passwordPerPair, `${networkOf(ip)}|${email}`, email);
}

/** Counts a mail from `ip` (its network) to `recipient`: every route that may mail checks this before recording the mail. */
export async function hitMail(db: Db, ip: string, recipient: string) {
  await hit(db, LIMITS.mailPerAddress, networkOf(ip));
  await hit(db, LIMITS.mailPerEmail, recipient, recipient);
}

/** The right password from this address (its network): its earlier tries against the account no longer count. */
export const passwordAccepted = (db: Db, ip: string, email: string) =>
  db.delete(rateLimits).where(eq(rateLimits.key, `${LIMITS.passwordPerPair.name}:${networkOf(ip)}|${email}`));

/** A completed password reset proves the mailbox: every limit counted against the account is lifted. */
export const liftAccountLimits = (db: Db, email: string) =>
  db.delete(rateLimits).where(and(eq(rateLimits.account, email), sql`${rateLimits.account} is not null`));

/** Windows long over are forgotten (the worker's upkeep). */
export const forgetOldWindows = (db: Db) => db.delete(rateLimits).where(sql`${rateLimits.windowStart} < now() - interval '1 day'`);
