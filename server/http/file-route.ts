import * as z from 'zod/mini';
import type { ResponseDoc } from './api-router';
import { errorDoc } from './router';

/**
 * What the routes serving a stored file's bytes share (an artwork's media, a post's file): the media id in the path,
 * the signed link's query (exp + sig: what <img> and <video> carry, as they send no token) and the documented answers.
 */
export const mediaIdParams = z.object({ mediaId: z.uuid({ error: 'Media ID must be a valid UUID' }) });

export const signedLinkQuery = { exp: z.optional(z.string()), sig: z.optional(z.string()) };

/** The answers of a file route: the bytes (whole, a range or unchanged) or why not; `missing` says what 404 means. */
export const fileResponses = (bytes: string, missing: string): Record<number, ResponseDoc> => ({
  200: { description: bytes, contentType: '*/*' },
  206: { description: 'The requested byte range', contentType: '*/*' },
  304: { description: 'Unchanged (If-None-Match)' },
  400: errorDoc('Invalid input'),
  401: errorDoc('Neither a bearer token nor a signed link'),
  403: errorDoc('The signed link is invalid or has expired'),
  404: errorDoc(missing),
  416: { description: 'The range lies outside the file' },
});
