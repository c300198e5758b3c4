import type { Collection, CollectionSortField, CollectionSummary } from '../../src/schemas/collection.schema';
import { displayOrder } from '../../src/schemas/collection-order';
import { type ArtworkRow, toArtworkDto } from '../artworks/artwork.dto';
import type { collections } from '../db/schema';
import type { MediaUrls } from '../media-urls';

export type CollectionRow = typeof collections.$inferSelect;

const sortable = (row: ArtworkRow) => ({ row, ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() });

/** The artworks in the order a visitor sees them: the collection's sort applied, or its manual order. */
export const inDisplayOrder = (collection: CollectionRow, artworks: ArtworkRow[]): ArtworkRow[] =>
  displayOrder(artworks.map(sortable), collection.sortField as CollectionSortField | null, collection.sortDirection).map((a) => a.row);

/**
 * The picture that stands for a collection: the chosen cover's primary image, else the first artwork in display
 * order that has one (also when the cover was deleted: the database sets it to null). Null when none has a picture.
 */
export function coverImageOf(collection: CollectionRow, artworks: ArtworkRow[]): string | null {
  const chosen = artworks.find((a) => a.id === collection.coverArtworkId)?.primaryImageMediaId;
  return chosen ?? inDisplayOrder(collection, artworks).find((a) => a.primaryImageMediaId)?.primaryImageMediaId ?? null;
}

/** A collection as the API answers it; `artworks` (and `artworkIds`) in the manual order. */
export function toCollectionDto(row: CollectionRow, artworks: ArtworkRow[], urls: MediaUrls): Collection {
  return {
    collectionId: row.id,
    userId: row.userId,
    title: row.title,
    description: row.description,
    visibility: row.visibility,
    coverArtworkId: row.coverArtworkId,
    artworkIds: artworks.map((a) => a.id),
    tags: row.tags,
    sortField: row.sortField as CollectionSortField | null,
    sortDirection: row.sortDirection,
    artworks: artworks.map((a) => toArtworkDto(a, urls)),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toCollectionSummary(row: CollectionRow, artworks: ArtworkRow[], urls: MediaUrls): CollectionSummary {
  const cover = coverImageOf(row, artworks);
  return {
    collectionId: row.id,
    title: row.title,
    description: row.description,
    visibility: row.visibility,
    tags: row.tags,
    artworkCount: artworks.length,
    coverImageUrl: cover ? urls.media(cover, 'smCrop') : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
