import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { apiErrorSchema } from '../../src/schemas/api-error.schema';
import type { ResponseDoc } from './api-router';

/**
 * The caller's address for rate limits. Behind `hops` trusted proxies it is the entry that many from the right of
 * X-Forwarded-For: each proxy appends the address it was reached from, so the entries to the left of those are
 * whatever the client wrote and prove nothing.
 */
export function clientAddress(c: Context, hops: number): string {
  if (hops > 0) {
    const forwarded = (c.req.header('x-forwarded-for') ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    // Fewer entries than proxies: the farthest one known (a proxy that did not append is misconfigured).
    if (forwarded.length) return forwarded[Math.max(0, forwarded.length - hops)];
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/** A documented error answer. */
export const errorDoc = (description: string): ResponseDoc => ({ description, schema: apiErrorSchema });
