import * as z from 'zod/mini';
import { text } from './text.schema';
import { tagField } from './artwork.schema';

/** Collections have a schema and placeholder screens only (no API yet). */
export const COLLECTION_VISIBILITIES = ['public', 'private', 'unlisted'] as const;

export const collectionSchema = z.object({
  collectionId: z.uuid({ error: 'Collection ID must be a valid UUID' }),
  userId: z.uuid({ error: 'User ID must be a valid UUID' }),
  title: text('Title', [
    z.trim(),
    z.minLength(1, { error: 'Title is required' }),
    z.maxLength(255, { error: 'Title must be at most 255 characters' }),
  ]),
  description: z.optional(text('Description', [z.maxLength(5000, { error: 'Description must be at most 5000 characters' })])),
  visibility: z.enum(COLLECTION_VISIBILITIES, { error: 'Visibility must be "public", "private", or "unlisted"' }),
  coverArtworkId: z.optional(z.nullable(z.uuid({ error: 'Cover artwork ID must be a valid UUID' }))),
  artworkIds: z.array(z.uuid({ error: 'Each artwork ID must be a valid UUID' })),
  tags: z.array(tagField),
  sortField: z.optional(text('Sort field', [z.maxLength(50, { error: 'Sort field must be at most 50 characters' })])),
  sortDirection: z.optional(z.enum(['asc', 'desc'], { error: 'Sort direction must be "asc" or "desc"' })),
  createdAt: z.optional(z.string()),
  updatedAt: z.optional(z.string()),
});
export type Collection = z.infer<typeof collectionSchema>;
