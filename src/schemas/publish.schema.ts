import * as z from 'zod/mini';

/** POST /api/publish answers where the public portfolio now lives. */
export const publishResultSchema = z.object({
  url: z.string(),
  publishedAt: z.string(),
  artworkCount: z.number(),
});
export type PublishResult = z.infer<typeof publishResultSchema>;
