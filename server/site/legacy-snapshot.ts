import type { PublishedSnapshot, SiteSnapshot } from '../publish/snapshot';

/**
 * A portfolio published before the site's format (1: one page, no ids) is still shown until the artist publishes
 * again: its artworks get their position as id (its image files were named the same way) and no collections.
 */
export function toSiteSnapshot(stored: PublishedSnapshot | SiteSnapshot): SiteSnapshot {
  if ('format' in stored && stored.format === 2) return stored;
  const old = stored as PublishedSnapshot;
  return {
    format: 2,
    version: old.version,
    artist: old.artist,
    copyright: '',
    collections: [],
    artworks: old.artworks.map((a, i) => ({
      id: String(i + 1),
      title: a.title,
      year: a.year,
      medium: a.medium,
      description: a.description,
      tags: a.tags,
      dimensions: a.dimensions,
      saleStatus: a.saleStatus,
      image: a.image ? { alt: a.title.trim() || 'Untitled', files: [a.image] } : null,
      posts: [],
    })),
  };
}
