import { assertEvent, assign, fromPromise, sendTo, setup, type ActorRefFrom } from 'xstate';
import { ARTWORK_MESSAGES } from '../../schemas/artwork.schema';
import type { MediaItem } from '../../schemas/media.schema';
import { selectionMachine } from '../shared/selection.machine';
import { mediaUploadsMachine } from './media-uploads.machine';
import { failureMessage } from '../shared/failure';
import type { Notice } from '../toasts/notice';

export interface ArtworkMediaContext {
  artworkId: string;
  items: MediaItem[];
  /** The media waiting for the delete confirmation, or being deleted. */
  pendingDelete: string[];
  /** The image being made primary. */
  pendingPrimary: string | null;
  /** Files whose upload finished while the list was being read: the answer may predate them. */
  arrivedWhileLoading: string[];
  error: string | null;
  /** Files dropped on the artwork before its first save: they go up as the media chart starts. */
  firstFiles: File[];
}

export type ArtworkMediaEvent =
  | { type: 'media.retry' }
  | { type: 'media.setPrimary'; mediaId: string }
  | { type: 'media.delete'; mediaIds: string[] }
  | { type: 'media.confirmDelete' }
  | { type: 'media.cancelDelete' }
  /** Sent by the uploads actor for every file it uploaded. */
  | { type: 'media.uploaded'; item: MediaItem };

/** Only one item is primary: the one just made primary (or uploaded as primary) takes it from the others. */
const withPrimary = (items: MediaItem[], mediaId: string) => items.map((i) => ({ ...i, isPrimary: i.mediaId === mediaId }));

/** An uploaded file joins the list (replacing an older copy of it); uploaded as primary, it takes that from the others. */
const withUploaded = (items: MediaItem[], item: MediaItem) => {
  const next = [...items.filter((i) => i.mediaId !== item.mediaId), item];
  return item.isPrimary ? withPrimary(next, item.mediaId) : next;
};

/**
 * The list as the server answered it, plus the files that arrived while it was being read and are missing from it
 * (it was read before their upload was confirmed). The answer wins for every item it contains; an arrival it lacks
 * is newer than the answer, so an arrival uploaded as primary stays primary.
 */
export function withArrivals(answer: MediaItem[], items: MediaItem[], arrived: string[]): MediaItem[] {
  const missing = items.filter((i) => arrived.includes(i.mediaId) && !answer.some((a) => a.mediaId === i.mediaId));
  const primary = missing.findLast((i) => i.isPrimary);
  const merged = [...answer, ...missing];
  return primary ? withPrimary(merged, primary.mediaId) : merged;
}

/**
 * The media of a saved artwork: the list, making one image primary, deleting one or several items after a
 * confirmation. Uploads and the selection mode run beside it as its own child actors.
 */
export const artworkMediaMachine = setup({
  types: {
    context: {} as ArtworkMediaContext,
    events: {} as ArtworkMediaEvent,
    input: {} as { artworkId: string; files?: File[] },
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
    selection: selectionMachine,
  },
  actions: {
    notify: (_, _notice: Notice) => {},
    leaveSelection: sendTo('selection', { type: 'selection.exit' }),
    addUploaded: assign(({ context, event }) => {
      assertEvent(event, 'media.uploaded');
      return { items: withUploaded(context.items, event.item) };
    }),
    noteArrival: assign(({ context, event }) => {
      assertEvent(event, 'media.uploaded');
      const others = context.arrivedWhileLoading.filter((id) => id !== event.item.mediaId);
      return { arrivedWhileLoading: [...others, event.item.mediaId] };
    }),
  },
  guards: {
    hasIds: ({ event }) => event.type === 'media.delete' && event.mediaIds.length > 0,
  },
}).createMachine({
  id: 'artworkMedia',
  context: ({ input }) => ({
    artworkId: input.artworkId,
    items: [],
    pendingDelete: [],
    pendingPrimary: null,
    arrivedWhileLoading: [],
    error: null,
    firstFiles: input.files ?? [],
  }),
  invoke: [
    { id: 'uploads', src: 'uploads', input: ({ context }) => ({ artworkId: context.artworkId, files: context.firstFiles }) },
    { id: 'selection', src: 'selection' },
  ],
  on: {
    'media.uploaded': { actions: 'addUploaded' },
  },
  initial: 'loading',
  states: {
    loading: {
      description: 'Reading the list. A file uploaded meanwhile is shown at once and kept if the answer predates it.',
      tags: ['busy'],
      entry: assign({ arrivedWhileLoading: [] }),
      on: { 'media.uploaded': { actions: ['addUploaded', 'noteArrival'] } },
      invoke: {
        id: 'loadMedia',
        src: 'loadMedia',
        input: ({ context }) => ({ artworkId: context.artworkId }),
        onDone: {
          target: 'ready',
          actions: assign(({ context, event }) => ({
            items: withArrivals(event.output, context.items, context.arrivedWhileLoading),
            arrivedWhileLoading: [],
            error: null,
          })),
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => failureMessage(event.error) }) },
      },
    },
    failed: { on: { 'media.retry': 'loading' } },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'media.setPrimary': { target: 'settingPrimary', actions: assign({ pendingPrimary: ({ event }) => event.mediaId }) },
            'media.delete': {
              guard: 'hasIds',
              target: 'confirmingDelete',
              actions: assign({ pendingDelete: ({ event }) => event.mediaIds }),
            },
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
              actions: [
                assign({ pendingPrimary: null }),
                {
                  type: 'notify',
                  params: ({ event }) => ({
                    title: ARTWORK_MESSAGES.setPrimaryFailedTitle(failureMessage(event.error)),
                    toastType: 'error',
                  }),
                },
              ],
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
                assign(({ context }) => ({
                  items: context.items.filter((i) => !context.pendingDelete.includes(i.mediaId)),
                  pendingDelete: [],
                })),
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
                {
                  type: 'notify',
                  params: ({ event }) => ({
                    title: ARTWORK_MESSAGES.deleteMediaFailedTitle(failureMessage(event.error)),
                    toastType: 'error',
                  }),
                },
              ],
            },
          },
        },
      },
    },
  },
});

export type ArtworkMediaRef = ActorRefFrom<typeof artworkMediaMachine>;
