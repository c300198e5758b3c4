import * as z from 'zod/mini';
import { text } from './text.schema';

/**
 * The query fields of a list answered a page at a time (`{items, nextCursor}`): `limit` from 1 to 100, and `cursor`,
 * the previous page's nextCursor (opaque).
 */
export const pageQueryFields = (pageSize: number) => ({
  limit: z._default(
    z.pipe(
      text('Limit'),
      z.transform((v, ctx) => {
        const n = Number(v);
        if (!Number.isInteger(n) || n < 1 || n > 100) {
          ctx.issues.push({ code: 'custom', input: v, message: 'Limit must be a whole number from 1 to 100' });
          return z.NEVER;
        }
        return n;
      }),
    ),
    pageSize,
  ),
  cursor: z.optional(text('Cursor', [z.maxLength(200)])),
});
