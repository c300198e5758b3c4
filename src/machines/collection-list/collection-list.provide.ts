import { fromPromise, type PromiseActorLogic } from 'xstate';
import type { CollectionSummary } from '../../schemas/collection.schema';
import type { CollectionsService } from '../../services/collections.service';
import { collectionListMachine } from './collection-list.machine';

export interface CollectionListParts {
  loadCollections: PromiseActorLogic<CollectionSummary[]>;
}

export const provideCollectionList = (parts: CollectionListParts) => collectionListMachine.provide({ actors: parts });

export const collectionListActors = (collections: CollectionsService): CollectionListParts => ({
  loadCollections: fromPromise(() => collections.list()),
});
