import { fromPromise } from 'xstate';
import type { ArtworksService } from '../../services/artworks.service';
import type { CollectionsService } from '../../services/collections.service';
import type { ConsignmentsService } from '../../services/consignments.service';
import type { ContactsService } from '../../services/contacts.service';
import type { Notice } from '../toasts/notice';
import { artworkBulkMachine } from './artwork-bulk.machine';

export interface ArtworkBulkDeps {
  artworks: Pick<ArtworksService, 'applyBatch' | 'undoBatch'>;
  collections: Pick<CollectionsService, 'list'>;
  contacts: Pick<ContactsService, 'list' | 'create'>;
  consignments: Pick<ConsignmentsService, 'create'>;
  notify: (notice: Notice) => void;
}

/** The bulk actions with the artworks, collections, contacts and consignments services' calls. */
export const provideArtworkBulk = ({ artworks, collections, contacts, consignments, notify }: ArtworkBulkDeps) =>
  artworkBulkMachine.provide({
    actors: {
      applyBatch: fromPromise(({ input }) => artworks.applyBatch(input)),
      undoBatch: fromPromise(({ input }) => artworks.undoBatch(input.batchId)),
      loadCollections: fromPromise(() => collections.list()),
      loadGalleries: fromPromise(() => contacts.list('gallery')),
      addGallery: fromPromise(({ input }) => contacts.create(input)),
      consign: fromPromise(({ input }) => consignments.create(input)),
    },
    actions: { notify: (_, notice) => notify(notice) },
  });
