import * as z from 'zod/mini';

/** POST /api/publish answers where the public portfolio now lives. */
export const publishResultSchema = z.object({
  url: z.string(),
  publishedAt: z.string(),
  artworkCount: z.number(),
});
export type PublishResult = z.infer<typeof publishResultSchema>;

/** GET /api/publish answers where and when the portfolio was last published, or null before the first publish. */
export const publicationSchema = z.nullable(z.object({ url: z.string(), publishedAt: z.string() }));
export type Publication = z.infer<typeof publicationSchema>;
