import type { Artwork } from '../../src/schemas/artwork.schema';

/** Artwork number `n` as the API lists it, without images unless `extra` gives them. */
export const artworkRow = (n: number, extra: Partial<Artwork> = {}): Artwork => ({
  artworkId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  userId: 'u1',
  title: `Study ${n}`,
  year: 2020,
  medium: 'Oil on canvas',
  description: '',
  tags: [],
  saleStatus: 'AVAILABLE',
  mediaType: 'PHYSICAL_2D',
  dimensions: { mediaType: 'PHYSICAL_2D', measurementSystem: 'metric', height: 50, width: 40 },
  primaryImageMediaId: null,
  primaryImageUrl: null,
  primaryImageUncroppedUrl: null,
  showOnSite: false,
  showOnSiteWhy: 'noPicture',
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  ...extra,
});
