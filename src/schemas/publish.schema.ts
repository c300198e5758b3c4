import * as z from 'zod/mini';
import { slugField } from './slug.schema';

/**
 * POST /api/publish takes no body (the specification's call), or `{ slug }` to publish at an address the artist
 * chooses; the previous address then leads to the new one.
 */
export const publishRequestSchema = z.object({ slug: z.optional(slugField) });
export type PublishRequest = z.input<typeof publishRequestSchema>;

/** POST /api/publish answers where the public portfolio now lives. */
export const publishResultSchema = z.object({
  url: z.string(),
  publishedAt: z.string(),
  artworkCount: z.number(),
  /** The address's last part (/p/<slug>); always sent by the server. */
  slug: z.optional(z.string()),
  /** The address it had until this publish moved it, which now leads to `url`. */
  previousUrl: z.optional(z.string()),
});
export type PublishResult = z.infer<typeof publishResultSchema>;

/** GET /api/publish answers where and when the portfolio was last published, or null before the first publish. */
export const publicationSchema = z.nullable(z.object({ url: z.string(), publishedAt: z.string(), slug: z.optional(z.string()) }));
export type Publication = z.infer<typeof publicationSchema>;
