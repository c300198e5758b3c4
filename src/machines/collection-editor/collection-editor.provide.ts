import { fromPromise, type PromiseActorLogic } from 'xstate';
import type { Collection, CollectionInput } from '../../schemas/collection.schema';
import type { CollectionsService } from '../../services/collections.service';
import type { Notice } from '../toasts/notice';
import { collectionEditorMachine, type CollectionEditorLoad } from './collection-editor.machine';

/** The I/O and moves the collection editor needs: collectionEditorActors makes the actors from the service, tests control them. */
export interface CollectionEditorParts {
  loadCollection: PromiseActorLogic<CollectionEditorLoad, { collectionId: string | null }>;
  createCollection: PromiseActorLogic<Collection, CollectionInput>;
  updateCollection: PromiseActorLogic<Collection, { collectionId: string; input: CollectionInput }>;
  deleteCollection: PromiseActorLogic<void, { collectionId: string }>;
  notify: (notice: Notice) => void;
  /** Replaces the current address (after creation, after deletion). */
  navigate: (to: string) => void;
  /** Goes where the artist chose to go, past the leave guard (they chose to leave unsaved changes). */
  leave: (to: string) => void;
}

export function provideCollectionEditor(parts: CollectionEditorParts): typeof collectionEditorMachine {
  return collectionEditorMachine.provide({
    actors: {
      loadCollection: parts.loadCollection,
      createCollection: parts.createCollection,
      updateCollection: parts.updateCollection,
      deleteCollection: parts.deleteCollection,
    },
    actions: {
      notify: (_, notice) => parts.notify(notice),
      navigate: (_, to) => parts.navigate(to),
      leave: (_, to) => parts.leave(to),
    },
  });
}

/** The editor's actors from the app's collections service (tests give their own). */
export const collectionEditorActors = (collections: CollectionsService): Omit<CollectionEditorParts, 'notify' | 'navigate' | 'leave'> => ({
  loadCollection: fromPromise(async ({ input }) => {
    const [collection, artworks] = await Promise.all([
      input.collectionId ? collections.get(input.collectionId) : null,
      collections.allArtworks(),
    ]);
    return { collection, artworks };
  }),
  createCollection: fromPromise(({ input }) => collections.create(input)),
  updateCollection: fromPromise(({ input }) => collections.update(input.collectionId, input.input)),
  deleteCollection: fromPromise(({ input }) => collections.remove(input.collectionId)),
});
