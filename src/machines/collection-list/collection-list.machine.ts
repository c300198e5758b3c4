import { assign, fromPromise, setup } from 'xstate';
import { COLLECTION_MESSAGES, type CollectionSummary } from '../../schemas/collection.schema';
import { failureMessage } from '../shared/failure';

export interface CollectionListContext {
  collections: CollectionSummary[];
  error: string | null;
}

/** All Collections: read once on opening; an empty list invites the first one; a failure can be tried again. */
export const collectionListMachine = setup({
  types: {
    context: {} as CollectionListContext,
    events: {} as { type: 'collections.retry' },
  },
  actors: {
    loadCollections: fromPromise<CollectionSummary[]>(async () => {
      throw new Error('loadCollections not provided');
    }),
  },
  guards: {
    none: ({ context }) => context.collections.length === 0,
  },
}).createMachine({
  id: 'collectionList',
  context: { collections: [], error: null },
  initial: 'loading',
  states: {
    loading: {
      description: "Reading the artist's collections.",
      invoke: {
        id: 'loadCollections',
        src: 'loadCollections',
        onDone: { target: 'showing', actions: assign({ collections: ({ event }) => event.output, error: null }) },
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => failureMessage(event.error, COLLECTION_MESSAGES.fetchAllFailed) }),
        },
      },
    },
    showing: { always: [{ guard: 'none', target: 'empty' }, { target: 'loaded' }] },
    empty: { description: 'No collection yet: the way to make the first one.' },
    loaded: {},
    failed: { on: { 'collections.retry': 'loading' } },
  },
});
