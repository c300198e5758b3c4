import type { Artwork } from '../../schemas/artwork.schema';
import type { CollectionForm } from './collection-editor.form';

/** What arranging changes: form fields, and the sentence the live region says. */
export interface Arrangement {
  values: Partial<Pick<CollectionForm, 'artworkIds' | 'coverArtworkId'>>;
  announcement: string;
}

interface Arranging {
  form: { values: CollectionForm };
  artworks: Record<string, Artwork>;
}

/** An artwork's name as the artist reads it (a title may be empty). */
export const artworkName = (artwork: Artwork | undefined) => artwork?.title.trim() || 'Untitled';

const nameOf = (c: Arranging, artworkId: string) => artworkName(c.artworks[artworkId]);

export function addArtwork(c: Arranging, artworkId: string): Arrangement {
  const ids = c.form.values.artworkIds;
  if (ids.includes(artworkId)) return { values: {}, announcement: `${nameOf(c, artworkId)} is in the collection already.` };
  return { values: { artworkIds: [...ids, artworkId] }, announcement: `${nameOf(c, artworkId)} added, at position ${ids.length + 1}.` };
}

/** Removing the cover clears it: the first artwork with a picture stands in again. */
export function removeArtwork(c: Arranging, artworkId: string): Arrangement {
  const { artworkIds, coverArtworkId } = c.form.values;
  return {
    values: {
      artworkIds: artworkIds.filter((id) => id !== artworkId),
      ...(coverArtworkId === artworkId ? { coverArtworkId: null } : {}),
    },
    announcement: `${nameOf(c, artworkId)} removed.`,
  };
}

/** Moves an artwork to a position (from 0) of the manual order, kept within the list. */
export function moveArtwork(c: Arranging, artworkId: string, to: number): Arrangement {
  const ids = c.form.values.artworkIds.filter((id) => id !== artworkId);
  if (ids.length === c.form.values.artworkIds.length) return { values: {}, announcement: '' };
  const at = Math.max(0, Math.min(to, ids.length));
  ids.splice(at, 0, artworkId);
  return { values: { artworkIds: ids }, announcement: `${nameOf(c, artworkId)} moved to position ${at + 1} of ${ids.length}.` };
}

export function chooseCover(c: Arranging, artworkId: string | null): Arrangement {
  return artworkId
    ? { values: { coverArtworkId: artworkId }, announcement: `${nameOf(c, artworkId)} is the cover.` }
    : { values: { coverArtworkId: null }, announcement: 'No cover chosen: the first artwork with a picture stands in.' };
}
