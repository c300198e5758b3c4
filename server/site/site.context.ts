import type { SiteArtwork, SiteImage, SiteSnapshot } from '../publish/snapshot';
import type { SiteUrls } from './site.urls';

/** What every page renderer reads: the published snapshot, when it was published, and the site's addresses. */
export interface SiteContext {
  snapshot: SiteSnapshot;
  publishedAt: Date;
  urls: SiteUrls;
}

export const titleOf = (a: Pick<SiteArtwork, 'title'>) => a.title.trim() || 'Untitled';

/** An image with at least one published file, or null. */
export const imageOf = (a: SiteArtwork | undefined): SiteImage | null => (a?.image && a.image.files.length ? a.image : null);

/** '2021 · Oil on canvas', or what of it is known. */
export const yearAndMedium = (a: SiteArtwork) => [a.year === null ? '' : String(a.year), a.medium.trim()].filter(Boolean).join(' · ');

/** The artworks of a snapshot by id. */
export function artworksById(snapshot: SiteSnapshot): Map<string, SiteArtwork> {
  return new Map(snapshot.artworks.map((a) => [a.id, a]));
}
