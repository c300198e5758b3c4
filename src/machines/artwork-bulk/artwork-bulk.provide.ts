import { fromPromise } from 'xstate';
import type { ArtworksService } from '../../services/artworks.service';
import type { CollectionsService } from '../../services/collections.service';
import type { Notice } from '../toasts/notice';
import { artworkBulkMachine } from './artwork-bulk.machine';

export interface ArtworkBulkDeps {
  artworks: Pick<ArtworksService, 'applyBatch' | 'undoBatch'>;
  collections: Pick<CollectionsService, 'list'>;
  notify: (notice: Notice) => void;
}

/** The bulk actions with the artworks and collections services' calls. */
export const provideArtworkBulk = ({ artworks, collections, notify }: ArtworkBulkDeps) =>
  artworkBulkMachine.provide({
    actors: {
      applyBatch: fromPromise(({ input }) => artworks.applyBatch(input)),
      undoBatch: fromPromise(({ input }) => artworks.undoBatch(input.batchId)),
      loadCollections: fromPromise(() => collections.list()),
    },
    actions: { notify: (_, notice) => notify(notice) },
  });
