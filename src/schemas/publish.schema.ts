import * as z from 'zod/mini';
import { slugField } from './slug.schema';
import { plural } from './plural';

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

const changesSchema = z.object({ added: z.number(), updated: z.number(), removed: z.number() });

/**
 * GET /api/publish/preview: what publishing now would change on the public site against what it shows (everything is
 * new before the first publish): works and public or unlisted collections added, changed and taken off.
 */
export const publishPreviewSchema = z.object({
  firstPublish: z.boolean(),
  works: changesSchema,
  collections: changesSchema,
});
export type PublishPreview = z.infer<typeof publishPreviewSchema>;

/** "3 new works, 1 removed, 1 collection": what a publish changes, as the review step says it. */
export function previewSummary({ works, collections }: PublishPreview): string {
  const parts = [
    works.added ? plural(works.added, 'new work', 'new works') : '',
    works.updated ? `${works.updated} updated` : '',
    works.removed ? `${works.removed} removed` : '',
  ].filter(Boolean);
  const changedCollections = collections.added + collections.updated + collections.removed;
  if (changedCollections) parts.push(plural(changedCollections, 'collection', 'collections'));
  return parts.length ? parts.join(', ') : 'Nothing has changed since you last published.';
}
