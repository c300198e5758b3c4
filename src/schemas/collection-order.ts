import type { CollectionSortDirection, CollectionSortField } from './collection.schema';

/** The fields of an artwork a collection can be sorted by (an Artwork DTO or a row mapped to these names). */
export interface SortableArtwork {
  title: string;
  year: number | null;
  medium: string;
  saleStatus: string;
  createdAt: string;
  updatedAt: string;
}

const key = (a: SortableArtwork, field: CollectionSortField): string | number | null => {
  switch (field) {
    case 'year':
      return a.year;
    case 'title':
    case 'medium':
      return a[field].trim().toLocaleLowerCase() || null;
    default:
      return a[field];
  }
};

/**
 * A collection's display order: with no sort field, the manual order as given; otherwise sorted by the field (missing
 * values last in either direction, ties in the manual order). The editor and the public site both read it from here.
 */
export function displayOrder<A extends SortableArtwork>(
  artworks: readonly A[],
  field: CollectionSortField | null | undefined,
  direction: CollectionSortDirection | null | undefined,
): A[] {
  if (!field) return [...artworks];
  const sign = direction === 'desc' ? -1 : 1;
  return artworks
    .map((artwork, position) => ({ artwork, position, value: key(artwork, field) }))
    .sort((a, b) => {
      if (a.value === b.value) return a.position - b.position;
      if (a.value === null) return 1;
      if (b.value === null) return -1;
      const order =
        typeof a.value === 'number' && typeof b.value === 'number' ? a.value - b.value : String(a.value).localeCompare(String(b.value));
      return order === 0 ? a.position - b.position : sign * order;
    })
    .map((entry) => entry.artwork);
}
