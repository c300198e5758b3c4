import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { apiErrorSchema } from '../../src/schemas/api-error.schema';
import type { ResponseDoc } from './api-router';

/** The caller's address for rate limits; X-Forwarded-For only when the server sits behind a trusted proxy. */
export function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/** A documented error answer. */
export const errorDoc = (description: string): ResponseDoc => ({ description, schema: apiErrorSchema });
