import type { PublishedSnapshot, SiteSnapshot } from './snapshot';

/** What a page or a form about one artwork needs from the live snapshot, whichever format it was written in. */
export interface PublishedArtworkRef {
  id: string;
  /** As published; 'Untitled' when the artist left it empty. */
  title: string;
}

const isSite = (s: PublishedSnapshot | SiteSnapshot): s is SiteSnapshot => (s as SiteSnapshot).format === 2;

/**
 * The artwork with this id in a snapshot, or null when it was not published. Format 2 names every artwork by its
 * id; format 1 only since ids were added to it (a portfolio published before that has none to find until the
 * artist publishes again).
 */
export function findPublishedArtwork(snapshot: PublishedSnapshot | SiteSnapshot, artworkId: string): PublishedArtworkRef | null {
  const found = isSite(snapshot)
    ? snapshot.artworks.find((a) => a.id === artworkId)
    : snapshot.artworks.find((a) => a.id !== undefined && a.id === artworkId);
  return found ? { id: artworkId, title: found.title.trim() || 'Untitled' } : null;
}
