import * as z from 'zod/mini';
import { text } from './text.schema';
import { ARTWORK_SORT_FIELDS, artworkSchema, tagField } from './artwork.schema';

/** Requirements §4, §5 'Collection': its visibilities and rules, with their messages word for word. */
export const COLLECTION_VISIBILITIES = ['public', 'private', 'unlisted'] as const;
export type CollectionVisibility = (typeof COLLECTION_VISIBILITIES)[number];

/** What each visibility means, said once where the artist chooses it (docs/decisions.md, 'Collections'). */
export const COLLECTION_VISIBILITY_TEXT: Record<CollectionVisibility, { label: string; explanation: string }> = {
  public: { label: 'Public', explanation: 'Listed on your public page once you publish; anyone can see it.' },
  unlisted: { label: 'Unlisted', explanation: 'Never listed; only people you give its link to can see it once you publish.' },
  private: { label: 'Private', explanation: 'Only you see it, here in the studio. It is never published.' },
};

/** A collection sorts by the fields the artwork list sorts by; none keeps the artist's manual order. */
export const COLLECTION_SORT_FIELDS = ARTWORK_SORT_FIELDS;
export type CollectionSortField = (typeof COLLECTION_SORT_FIELDS)[number];
export const COLLECTION_SORT_LABELS: Record<CollectionSortField, string> = {
  createdAt: 'Date created',
  updatedAt: 'Date updated',
  title: 'Title',
  year: 'Year',
  medium: 'Medium',
  saleStatus: 'Sale status',
};
export type CollectionSortDirection = 'asc' | 'desc';

/** A collection holds at most this many artworks (the editor shows them all at once). */
export const MAX_COLLECTION_ARTWORKS = 500;

const collectionIdField = z.uuid({ error: 'Collection ID must be a valid UUID' });
const titleField = text('Title', [
  z.trim(),
  z.minLength(1, { error: 'Title is required' }),
  z.maxLength(255, { error: 'Title must be at most 255 characters' }),
]);
const descriptionField = text('Description', [z.maxLength(5000, { error: 'Description must be at most 5000 characters' })]);
const visibilityField = z.enum(COLLECTION_VISIBILITIES, { error: 'Visibility must be "public", "private", or "unlisted"' });
const coverField = z.nullable(z.uuid({ error: 'Cover artwork ID must be a valid UUID' }));
const artworkIdField = z.uuid({ error: 'Each artwork ID must be a valid UUID' });
/** The spec's length rule first; then it must name a field the artworks sort by. */
const sortFieldField = z.nullable(
  text('Sort field', [
    z.maxLength(50, { error: 'Sort field must be at most 50 characters', abort: true }),
    z.refine((v) => (COLLECTION_SORT_FIELDS as readonly string[]).includes(v), {
      error: `Sort field must be one of ${COLLECTION_SORT_FIELDS.join(', ')}`,
    }),
  ]),
);
const sortDirectionField = z.nullable(z.enum(['asc', 'desc'], { error: 'Sort direction must be "asc" or "desc"' }));

const UUID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The rules between fields, shared by the form and the server: each artwork once, the cover among them. */
const consistent = z.superRefine<{ artworkIds: string[]; coverArtworkId?: string | null }>((c, ctx) => {
  const seen = new Set<string>();
  c.artworkIds.forEach((id, i) => {
    if (seen.has(id))
      ctx.issues.push({ code: 'custom', input: id, path: ['artworkIds', i], message: 'Each artwork can be in a collection once' });
    seen.add(id);
  });
  // A cover that is no UUID has its own message already.
  if (c.coverArtworkId && UUID_SHAPE.test(c.coverArtworkId) && !seen.has(c.coverArtworkId)) {
    ctx.issues.push({
      code: 'custom',
      input: c.coverArtworkId,
      path: ['coverArtworkId'],
      message: "The cover must be one of the collection's artworks",
    });
  }
});

/** What the API takes to create or replace a collection (POST /collection, PUT /collection/{id}). */
export const collectionInputSchema = z
  .object({
    title: titleField,
    description: z._default(descriptionField, ''),
    visibility: visibilityField,
    coverArtworkId: z._default(coverField, null),
    artworkIds: z._default(
      z
        .array(artworkIdField)
        .check(z.maxLength(MAX_COLLECTION_ARTWORKS, { error: `A collection holds at most ${MAX_COLLECTION_ARTWORKS} artworks` })),
      [],
    ),
    tags: z._default(z.array(tagField).check(z.maxLength(50, { error: 'At most 50 tags' })), []),
    sortField: z._default(sortFieldField, null),
    sortDirection: z._default(sortDirectionField, null),
  })
  .check(consistent);
export type CollectionInput = z.input<typeof collectionInputSchema>;
export type CollectionValues = z.output<typeof collectionInputSchema>;

/** A collection as the API answers it; `artworks` are its artworks in the manual order (artworkIds' order). */
export const collectionSchema = z.object({
  collectionId: collectionIdField,
  userId: z.uuid({ error: 'User ID must be a valid UUID' }),
  title: z.string(),
  description: z.string(),
  visibility: visibilityField,
  /** The cover the artist chose, or null: the first artwork in display order then stands in. */
  coverArtworkId: coverField,
  artworkIds: z.array(artworkIdField),
  tags: z.array(z.string()),
  sortField: z.nullable(z.enum(COLLECTION_SORT_FIELDS)),
  sortDirection: sortDirectionField,
  artworks: z.array(artworkSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Collection = z.infer<typeof collectionSchema>;

/** One collection in the list: its cover's image and how many artworks it holds. */
export const collectionSummarySchema = z.object({
  collectionId: collectionIdField,
  title: z.string(),
  description: z.string(),
  visibility: visibilityField,
  tags: z.array(z.string()),
  artworkCount: z.number(),
  /** The chosen cover's list image, or the first artwork's (in display order) that has one; null when none has. */
  coverImageUrl: z.nullable(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CollectionSummary = z.infer<typeof collectionSummarySchema>;

export const collectionListSchema = z.object({ items: z.array(collectionSummarySchema) });
export type CollectionList = z.infer<typeof collectionListSchema>;

export const collectionIdParams = z.object({ id: collectionIdField });

export const COLLECTION_MESSAGES = {
  created: 'Collection created successfully',
  updated: 'Collection updated successfully',
  deleted: 'Collection deleted successfully',
  fetchAllFailed: 'Failed to fetch collections',
  fetchFailed: 'Failed to fetch collection',
  saveFailedTitle: (step: 'create' | 'update' | 'delete', reason: string) => `Failed to ${step} collection: ${reason}`,
  notOwnArtwork: 'Each artwork must be one of your artworks',
  empty: 'No collections yet.',
} as const;
