import { COLLECTION_SORT_FIELDS, type CollectionSortField } from '../../src/schemas/collection.schema';
import { displayOrder } from '../../src/schemas/collection-order';
import type { ArtworkRow } from './site-snapshot.repo';

const isSortField = (field: string | null): field is CollectionSortField =>
  (COLLECTION_SORT_FIELDS as readonly (string | null)[]).includes(field);

/**
 * A collection's artwork ids in display order, the same order the editor shows (`displayOrder`): its sortField applied,
 * or the manual order with none (or one this version does not know). Ids not among `artworks` (not the artist's, or
 * gone) are left out.
 */
export function collectionOrder(
  manual: string[],
  sortField: string | null,
  sortDirection: 'asc' | 'desc' | null,
  artworks: Map<string, ArtworkRow>,
): string[] {
  const rows = manual.flatMap((id) => {
    const a = artworks.get(id);
    return a ? [{ ...a, createdAt: a.createdAt.toISOString(), updatedAt: a.updatedAt.toISOString() }] : [];
  });
  return displayOrder(rows, isSortField(sortField) ? sortField : null, sortDirection).map((r) => r.id);
}
