import { isInteger, isSafeNumber, parse } from 'lossless-json';
import { z } from 'zod';

/**
 * JSON from Meta, read without losing digits: Graph ids such as an Instagram `user_id` (17841405793187218) are JSON
 * numbers above 2^53, which JSON.parse would round. An integer a JavaScript number cannot hold exactly stays the text
 * it was written as; every other number is a number.
 */
export function parseGraphJson(text: string): unknown {
  return parse(text, null, (raw) => (isInteger(raw) && !isSafeNumber(raw) ? raw : Number(raw)));
}

/** A Graph id, always a string: written as a string, as an exact number, or as the text of a larger one. */
export const graphId = z.union([
  z.string().regex(/^\d+(_\d+)?$/, { error: 'not a Graph id' }),
  z
    .number()
    .int()
    .nonnegative()
    .transform((n) => String(n)),
]);

/** A count (likes, comments, quota): a plain, exact number. */
export const graphCount = z.number().int().nonnegative();

/** Graph's times, `2017-05-04T15:17:38+0000`, as Dates. */
export const graphTime = z
  .string()
  .regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d{4}$/)
  .transform((s) => new Date(s.replace(/([+-]\d\d)(\d\d)$/, '$1:$2')));
