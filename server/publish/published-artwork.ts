import type { SiteSnapshot } from './snapshot';

/** What a page or a form about one artwork needs from the live snapshot. */
export interface PublishedArtworkRef {
  id: string;
  /** As published; 'Untitled' when the artist left it empty. */
  title: string;
}

/**
 * The artwork with this id in a snapshot (as readSnapshot gives it, whichever format it was stored in), or null when
 * it was not published. A format-1 snapshot's works have their position as id, so no artwork id finds them.
 */
export function findPublishedArtwork(snapshot: SiteSnapshot, artworkId: string): PublishedArtworkRef | null {
  const found = snapshot.artworks.find((a) => a.id === artworkId);
  return found ? { id: artworkId, title: found.title.trim() || 'Untitled' } : null;
}
