import { fromPromise, type ActorLogicFrom, type PromiseActorLogic } from 'xstate';
import { artworkEditorMachine } from './artwork-editor.machine';
import type { artworkMediaMachine } from '../artwork-media/artwork-media.machine';
import { artworkMediaActors, provideArtworkMedia, type ArtworkMediaParts } from '../artwork-media/artwork-media.provide';
import type { Artwork, ArtworkInput } from '../../schemas/artwork.schema';
import type { ArtworksService } from '../../services/artworks.service';

/** The I/O the artwork editor needs (its media tab's too), as actor logic: artworkEditorActors makes it from the artworks service, tests control it. */
export interface ArtworkEditorParts extends ArtworkMediaParts {
  loadArtwork: PromiseActorLogic<Artwork, { artworkId: string }>;
  createArtwork: PromiseActorLogic<Artwork, ArtworkInput>;
  updateArtwork: PromiseActorLogic<Artwork, { artworkId: string; input: ArtworkInput }>;
  deleteArtwork: PromiseActorLogic<void, { artworkId: string }>;
  /** Replaces the current address (after creation, after deletion). */
  navigate: (to: string) => void;
  /** Goes where the artist chose to go, past the leave guard (they chose to leave unsaved changes). */
  leave: (to: string) => void;
}

/** The whole editor: the artwork machine with the media machines it runs once the artwork is saved. */
export function provideArtworkEditor(parts: ArtworkEditorParts): typeof artworkEditorMachine {
  return artworkEditorMachine.provide({
    actors: {
      loadArtwork: parts.loadArtwork,
      createArtwork: parts.createArtwork,
      updateArtwork: parts.updateArtwork,
      deleteArtwork: parts.deleteArtwork,
      media: provideArtworkMedia(parts) as ActorLogicFrom<typeof artworkMediaMachine>,
    },
    actions: {
      notify: (_, notice) => parts.notify(notice),
      navigate: (_, to) => parts.navigate(to),
      leave: (_, to) => parts.leave(to),
    },
  });
}

/** The editor's actors (its media tab's too) from the app's artworks service (tests give their own). */
export const artworkEditorActors = (artworks: ArtworksService): Omit<ArtworkEditorParts, 'notify' | 'navigate' | 'leave'> => ({
  loadArtwork: fromPromise(({ input }) => artworks.get(input.artworkId)),
  createArtwork: fromPromise(({ input }) => artworks.create(input)),
  // A saved artwork's sale status is its pieces' (changed from the Inventory tab, through their chart): not sent.
  updateArtwork: fromPromise(({ input }) => {
    const { saleStatus: _kept, ...fields } = input.input;
    return artworks.update(input.artworkId, fields);
  }),
  deleteArtwork: fromPromise(({ input }) => artworks.remove(input.artworkId)),
  ...artworkMediaActors(artworks),
});
