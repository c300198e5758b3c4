import { ARTWORK_SORT_FIELDS } from '../../src/schemas/artwork.schema';
import type { ArtworkRow } from './site-snapshot.repo';

type SortField = (typeof ARTWORK_SORT_FIELDS)[number];

/** Titles and media compare as people read them: without regard to case or accents, numbers by value ('2' < '10'). */
const text = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

const COMPARE: Record<SortField, (a: ArtworkRow, b: ArtworkRow) => number> = {
  createdAt: (a, b) => a.createdAt.getTime() - b.createdAt.getTime(),
  updatedAt: (a, b) => a.updatedAt.getTime() - b.updatedAt.getTime(),
  title: (a, b) => text.compare(a.title, b.title),
  medium: (a, b) => text.compare(a.medium, b.medium),
  saleStatus: (a, b) => (a.saleStatus < b.saleStatus ? -1 : a.saleStatus > b.saleStatus ? 1 : 0),
  // An unknown year sorts last going up and first going down, as in the artwork list.
  year: (a, b) => (a.year ?? Infinity) - (b.year ?? Infinity) || 0,
};

const isSortField = (field: string | null): field is SortField => (ARTWORK_SORT_FIELDS as readonly (string | null)[]).includes(field);

/**
 * A collection's artworks in display order: sorted by its sortField (one of the artwork list's sorts; ascending unless
 * sortDirection is 'desc'), the manual order breaking ties; with no sortField (or one this version does not know),
 * the manual order. Ids not among `artworks` (not the artist's, or gone) are left out.
 */
export function displayOrder(
  manual: string[],
  sortField: string | null,
  sortDirection: 'asc' | 'desc' | null,
  artworks: Map<string, ArtworkRow>,
): string[] {
  const rows = manual.flatMap((id) => artworks.get(id) ?? []);
  if (isSortField(sortField)) {
    const sign = sortDirection === 'desc' ? -1 : 1;
    const compare = COMPARE[sortField];
    // Array.prototype.sort is stable: equal keys keep their manual order.
    rows.sort((a, b) => sign * compare(a, b));
  }
  return rows.map((r) => r.id);
}
