import { fromPromise } from 'xstate';
import type { ArtworksService } from '../../services/artworks.service';
import { artworkDropMachine } from './artwork-drop.machine';

export interface ArtworkDropDeps {
  artworks: Pick<ArtworksService, 'createFromFile' | 'uploadMedia'>;
  /** Opens the artwork the drop made, on its Media tab. */
  openArtwork: (artworkId: string) => void;
}

/** Dropped files made into artworks with the artworks service's calls. */
export const provideArtworkDrop = ({ artworks, openArtwork }: ArtworkDropDeps) =>
  artworkDropMachine.provide({
    actors: {
      createFromFile: fromPromise(({ input, signal }) => artworks.createFromFile(input.file, input.mediaType, input.onProgress, signal)),
      addFile: fromPromise(({ input, signal }) => artworks.uploadMedia(input.artworkId, input.file, input.onProgress, signal)),
    },
    actions: { openArtwork: (_, artworkId) => openArtwork(artworkId) },
  });
