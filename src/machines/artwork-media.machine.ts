import { assign, fromPromise, sendTo, setup, type ActorRefFrom } from 'xstate';
import { ARTWORK_MESSAGES } from '../schemas/artwork.schema';
import type { MediaItem } from '../schemas/media.schema';
import { MESSAGES } from '../schemas/messages';
import { mediaSelectionMachine } from './media-selection.machine';
import { mediaUploadsMachine } from './media-uploads.machine';

export interface ArtworkMediaContext {
  artworkId: string;
  items: MediaItem[];
  /** The media waiting for the delete confirmation, or being deleted. */
  pendingDelete: string[];
  /** The image being made primary. */
  pendingPrimary: string | null;
  error: string | null;
}

export type ArtworkMediaEvent =
  | { type: 'media.retry' }
  | { type: 'media.setPrimary'; mediaId: string }
  | { type: 'media.delete'; mediaIds: string[] }
  | { type: 'media.confirmDelete' }
  | { type: 'media.cancelDelete' }
  /** Sent by the uploads actor for every file it uploaded. */
  | { type: 'media.uploaded'; item: MediaItem };

const messageOf = (error: unknown) => (error instanceof Error && error.message) || MESSAGES.anErrorOccurred;

/** Only one item is primary: the one just made primary (or uploaded as primary) takes it from the others. */
const withPrimary = (items: MediaItem[], mediaId: string) => items.map((i) => ({ ...i, isPrimary: i.mediaId === mediaId }));

/**
 * The media of a saved artwork: the list, making one image primary, deleting one or several items after a
 * confirmation. Uploads and the selection mode run beside it as its own child actors.
 */
export const artworkMediaMachine = setup({
  types: {
    context: {} as ArtworkMediaContext,
    events: {} as ArtworkMediaEvent,
    input: {} as { artworkId: string },
    tags: {} as 'busy',
  },
  actors: {
    loadMedia: fromPromise<MediaItem[], { artworkId: string }>(async () => {
      throw new Error('loadMedia not provided');
    }),
    setPrimary: fromPromise<void, { artworkId: string; mediaId: string }>(async () => {
      throw new Error('setPrimary not provided');
    }),
    deleteMedia: fromPromise<void, { artworkId: string; mediaIds: string[] }>(async () => {
      throw new Error('deleteMedia not provided');
    }),
    uploads: mediaUploadsMachine,
    selection: mediaSelectionMachine,
  },
  actions: {
    notify: (_, _notice: { title: string; toastType: 'success' | 'error' }) => {},
    leaveSelection: sendTo('selection', { type: 'selection.exit' }),
  },
  guards: {
    hasIds: ({ event }) => event.type === 'media.delete' && event.mediaIds.length > 0,
  },
}).createMachine({
  id: 'artworkMedia',
  context: ({ input }) => ({ artworkId: input.artworkId, items: [], pendingDelete: [], pendingPrimary: null, error: null }),
  invoke: [
    { id: 'uploads', src: 'uploads', input: ({ context }) => ({ artworkId: context.artworkId }) },
    { id: 'selection', src: 'selection' },
  ],
  on: {
    'media.uploaded': {
      actions: assign({
        items: ({ context, event }) => {
          const items = [...context.items.filter((i) => i.mediaId !== event.item.mediaId), event.item];
          return event.item.isPrimary ? withPrimary(items, event.item.mediaId) : items;
        },
      }),
    },
  },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadMedia',
        src: 'loadMedia',
        input: ({ context }) => ({ artworkId: context.artworkId }),
        onDone: { target: 'ready', actions: assign({ items: ({ event }) => event.output, error: null }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => messageOf(event.error) }) },
      },
    },
    failed: { on: { 'media.retry': 'loading' } },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'media.setPrimary': { target: 'settingPrimary', actions: assign({ pendingPrimary: ({ event }) => event.mediaId }) },
            'media.delete': { guard: 'hasIds', target: 'confirmingDelete', actions: assign({ pendingDelete: ({ event }) => event.mediaIds }) },
          },
        },
        settingPrimary: {
          tags: ['busy'],
          invoke: {
            id: 'setPrimary',
            src: 'setPrimary',
            input: ({ context }) => ({ artworkId: context.artworkId, mediaId: context.pendingPrimary! }),
            onDone: {
              target: 'idle',
              actions: [
                assign(({ context }) => ({ items: withPrimary(context.items, context.pendingPrimary!), pendingPrimary: null })),
                { type: 'notify', params: { title: ARTWORK_MESSAGES.primaryUpdated, toastType: 'success' } },
              ],
            },
            onError: {
              target: 'idle',
              actions: [assign({ pendingPrimary: null }), { type: 'notify', params: ({ event }) => ({ title: ARTWORK_MESSAGES.setPrimaryFailedTitle(messageOf(event.error)), toastType: 'error' }) }],
            },
          },
        },
        confirmingDelete: {
          on: {
            'media.confirmDelete': 'deleting',
            'media.cancelDelete': { target: 'idle', actions: assign({ pendingDelete: [] }) },
          },
        },
        deleting: {
          tags: ['busy'],
          invoke: {
            id: 'deleteMedia',
            src: 'deleteMedia',
            input: ({ context }) => ({ artworkId: context.artworkId, mediaIds: context.pendingDelete }),
            onDone: {
              target: 'idle',
              actions: [
                assign(({ context }) => ({ items: context.items.filter((i) => !context.pendingDelete.includes(i.mediaId)), pendingDelete: [] })),
                'leaveSelection',
                { type: 'notify', params: { title: ARTWORK_MESSAGES.mediaDeleted, toastType: 'success' } },
              ],
            },
            // Some of several may be gone: read the list again.
            onError: {
              target: '#artworkMedia.loading',
              actions: [
                assign({ pendingDelete: [] }),
                'leaveSelection',
                { type: 'notify', params: ({ event }) => ({ title: ARTWORK_MESSAGES.deleteMediaFailedTitle(messageOf(event.error)), toastType: 'error' }) },
              ],
            },
          },
        },
      },
    },
  },
});

export type ArtworkMediaRef = ActorRefFrom<typeof artworkMediaMachine>;
