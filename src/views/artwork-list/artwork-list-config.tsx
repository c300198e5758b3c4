import { css } from 'styled-system/css';
import type { ListInput, ListQuery } from '../../machines/list/list.machine';
import {
  ARTWORK_MESSAGES,
  ARTWORK_PAGE_SIZES,
  ARTWORK_SORT_FIELDS,
  SALE_STATUSES,
  SALE_STATUS_LABELS,
  type Artwork,
  type ArtworkListQuery,
} from '../../schemas/artwork.schema';
import type { ListAddressOptions, ListPosition } from '../../schemas/list-address.schema';
import type { ListSettings } from '../../schemas/list.schema';
import { MEDIA_TYPES, mediaTypeLabel, type MediaType } from '../../schemas/media-type.schema';
import { ListImage } from '../list/ListImage';
import { MediaPlaceholder } from '../ui/media-placeholder';
import type { ListColumn, ListFacet, ListView } from '../list/list-types';
import type { SelectOption } from '../ui/select';
import { SaleStatusBadge } from './sale-status-badge';

export const UNTITLED = 'Untitled';
export const artworkTitle = (a: Artwork) => a.title.trim() || UNTITLED;
export const artworkYear = (a: Artwork) => (a.year === null ? ARTWORK_MESSAGES.unknownYear : String(a.year));
export const artworkMedium = (a: Artwork) => a.medium.trim() || ARTWORK_MESSAGES.noMedium;
export const artworkHref = (a: Artwork) => `/portfolio/artwork/${a.artworkId}`;
/** The square crop for every aspect but 'Original', which needs the picture uncropped. */
const artworkImage = (a: Artwork, view: ListView) => (view.aspect === 'original' ? a.primaryImageUncroppedUrl : a.primaryImageUrl);

type SortField = (typeof ARTWORK_SORT_FIELDS)[number];
const SORT_LABELS: Record<SortField, string> = {
  createdAt: 'Date created',
  updatedAt: 'Date updated',
  title: 'Title',
  year: 'Year',
  medium: 'Medium',
  saleStatus: 'Status',
};
export const ARTWORK_SORT_OPTIONS: SelectOption[] = ARTWORK_SORT_FIELDS.map((f) => ({ value: f, label: SORT_LABELS[f] }));

export const ARTWORK_FACETS: ListFacet[] = [
  {
    name: 'mediaType',
    label: 'Media type',
    allLabel: 'All media types',
    options: MEDIA_TYPES.map((t) => ({ value: t, label: mediaTypeLabel(t) })),
  },
  {
    name: 'saleStatus',
    label: 'Sale status',
    allLabel: 'All statuses',
    options: SALE_STATUSES.map((s) => ({ value: s, label: SALE_STATUS_LABELS[s] })),
  },
];

/** My Artworks: pages of 12 (24, 48), newest first, with the remembered view settings; opens at `position`. */
export const artworkListInput = (settings?: ListSettings, position?: ListPosition): ListInput => ({
  pageSizes: ARTWORK_PAGE_SIZES,
  sort: { field: 'createdAt', direction: 'desc' },
  settings,
  position,
  loadFailed: ARTWORK_MESSAGES.fetchAllFailed,
});

/** What the list's address may hold: the API's sort fields, the offered page sizes, and the two facets. */
export const ARTWORK_LIST_ADDRESS: ListAddressOptions = {
  sortFields: ARTWORK_SORT_FIELDS,
  pageSizes: ARTWORK_PAGE_SIZES,
  facets: { mediaType: MEDIA_TYPES, saleStatus: SALE_STATUSES },
};

const oneOf = <T extends string>(values: readonly T[], value: string | undefined): T | undefined =>
  (values as readonly string[]).includes(value ?? '') ? (value as T) : undefined;

/** The list's query as GET /api/artwork takes it. */
export function toArtworkQuery(q: ListQuery): Partial<ArtworkListQuery> {
  const text = q.filters.text.trim();
  return {
    page: q.page,
    pageSize: q.pageSize,
    sort: oneOf(ARTWORK_SORT_FIELDS, q.sort) ?? 'createdAt',
    order: q.order,
    ...(text ? { q: text } : {}),
    ...(oneOf<MediaType>(MEDIA_TYPES, q.filters.facets.mediaType) ? { mediaType: q.filters.facets.mediaType as MediaType } : {}),
    ...(oneOf(SALE_STATUSES, q.filters.facets.saleStatus) ? { saleStatus: oneOf(SALE_STATUSES, q.filters.facets.saleStatus) } : {}),
  };
}

const muted = css({ color: 'fg.muted' });
// Two lines, then an ellipsis; the whole title is the tile's tooltip and is read whole by assistive tech.
const titleClass = css({ fontFamily: 'heading', fontWeight: 'semibold', lineHeight: '1.3', lineClamp: 2, overflowWrap: 'anywhere' });
const line = css({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: '2',
  color: 'fg.muted',
  fontSize: 'sm',
});
const clip = css({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', fontSize: 'sm', color: 'fg.muted' });
const tileBody = css({ display: 'flex', flexDirection: 'column', gap: '1', pt: '2.5', px: '0.5', pb: '1', minW: 0 });
const tileBodySmall = css({ display: 'flex', flexDirection: 'column', gap: '0.5', pt: '1.5', px: '0.5', pb: '1', minW: 0 });

/** Row mode: Image, Title, Year, Medium, Status. The title is the row's link. */
export const ARTWORK_COLUMNS: ListColumn<Artwork>[] = [
  {
    id: 'image',
    header: 'Image',
    cell: (a, view) => (
      <ListImage src={artworkImage(a, view)} view={view} placeholder={<MediaPlaceholder mediaType={a.mediaType} compact />} />
    ),
  },
  { id: 'title', header: 'Title', sortField: 'title', link: true, cell: artworkTitle },
  {
    id: 'year',
    header: 'Year',
    sortField: 'year',
    cell: (a) => <span className={a.year === null ? muted : undefined}>{artworkYear(a)}</span>,
  },
  {
    id: 'medium',
    header: 'Medium',
    sortField: 'medium',
    cell: (a) => <span className={a.medium.trim() ? undefined : muted}>{artworkMedium(a)}</span>,
  },
  { id: 'status', header: 'Status', sortField: 'saleStatus', cell: (a) => <SaleStatusBadge status={a.saleStatus} /> },
];

/** What a work's checkbox says in the selection mode. */
export const selectLabel = (a: Artwork) => `Select ${artworkTitle(a)}`;

/** Tile mode: the image, then title, year, medium and status. */
export function ArtworkTile(a: Artwork, view: ListView) {
  return (
    <>
      <ListImage
        src={artworkImage(a, view)}
        view={view}
        size={a.primaryImageSize}
        placeholder={<MediaPlaceholder mediaType={a.mediaType} />}
      />
      <span className={view.small ? tileBodySmall : tileBody}>
        <span className={titleClass} title={artworkTitle(a)} data-testid="tile-title">
          {artworkTitle(a)}
        </span>
        <span className={line}>
          <span>{artworkYear(a)}</span>
          <SaleStatusBadge status={a.saleStatus} />
        </span>
        <span className={clip}>{artworkMedium(a)}</span>
      </span>
    </>
  );
}
