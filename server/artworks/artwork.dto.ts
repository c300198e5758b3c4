import type { Artwork, Dimensions } from '../../src/schemas/artwork.schema';
import type { MediaType } from '../../src/schemas/media-type.schema';
import type { artworks } from '../db/schema';
import type { MediaUrls } from '../media-urls';
import { showOnSiteOf } from './show-on-site';

export type ArtworkRow = typeof artworks.$inferSelect;
/**
 * A row as the answer reads it: whether the artwork sits only in private collections (left out: it does not), and, in
 * the list, its primary image's size.
 */
export type AnsweredArtworkRow = ArtworkRow & { onlyInPrivate?: boolean; primaryWidth?: number | null; primaryHeight?: number | null };

/**
 * An artwork as the API answers it; its images are signed addresses of the primary's list size ('smCrop', square) and
 * of its uncropped 'sm' size (the list's 'Original' aspect).
 */
export function toArtworkDto(row: AnsweredArtworkRow, urls: MediaUrls): Artwork {
  const size =
    row.primaryImageMediaId && row.primaryWidth && row.primaryHeight ? { width: row.primaryWidth, height: row.primaryHeight } : null;
  return {
    artworkId: row.id,
    userId: row.userId,
    title: row.title,
    year: row.year,
    medium: row.medium,
    description: row.description,
    tags: row.tags,
    saleStatus: row.saleStatus,
    mediaType: row.mediaType as MediaType,
    dimensions: row.dimensions,
    primaryImageMediaId: row.primaryImageMediaId,
    postLabels: row.postLabels,
    primaryImageUrl: row.primaryImageMediaId ? urls.media(row.primaryImageMediaId, 'smCrop') : null,
    primaryImageUncroppedUrl: row.primaryImageMediaId ? urls.media(row.primaryImageMediaId, 'sm') : null,
    ...(row.primaryWidth === undefined ? {} : { primaryImageSize: size }),
    ...showOnSiteOf(row, row.onlyInPrivate ?? false),
    inventoryNumber: row.inventoryNumber,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const DIMENSION_KEYS = ['mediaType', 'measurementSystem', 'height', 'width', 'depth', 'durationInSeconds'] as const;

/** Dimensions as stored: only the fields that have a value, in one order. */
export function normalizeDimensions(d: Dimensions): Dimensions {
  const out: Record<string, unknown> = {};
  for (const key of DIMENSION_KEYS) if (d[key] !== undefined && d[key] !== null) out[key] = d[key];
  return out as Dimensions;
}

export const sameDimensions = (a: Dimensions, b: Dimensions) => DIMENSION_KEYS.every((key) => (a[key] ?? null) === (b[key] ?? null));
