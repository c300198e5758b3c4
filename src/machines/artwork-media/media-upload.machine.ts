import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import type { MediaItem } from '../../schemas/media.schema';
import { MESSAGES } from '../../schemas/messages';
import { failureMessage } from '../shared/failure';

export interface MediaUploadInput {
  artworkId: string;
  file: File;
}

export interface MediaUploadContext extends MediaUploadInput {
  /** 0 to 1. */
  progress: number;
  item: MediaItem | null;
  error: string | null;
}

/** What the uploads list learns when a file's actor finishes. */
export type MediaUploadOutcome = { status: 'done'; item: MediaItem } | { status: 'failed'; message: string };

/** One file going to an artwork: its progress, then the media item made of it or the reason it failed. */
export const mediaUploadMachine = setup({
  types: {
    context: {} as MediaUploadContext,
    input: {} as MediaUploadInput,
    events: {} as { type: 'upload.progress'; fraction: number },
    output: {} as MediaUploadOutcome,
  },
  actors: {
    uploadMedia: fromPromise<MediaItem, MediaUploadInput & { onProgress: (fraction: number) => void }>(async () => {
      throw new Error('uploadMedia not provided');
    }),
  },
}).createMachine({
  id: 'mediaUpload',
  context: ({ input }) => ({ ...input, progress: 0, item: null, error: null }),
  initial: 'uploading',
  states: {
    uploading: {
      on: { 'upload.progress': { actions: assign({ progress: ({ event }) => Math.min(1, Math.max(0, event.fraction)) }) } },
      invoke: {
        id: 'uploadMedia',
        src: 'uploadMedia',
        input: ({ context, self }) => ({
          artworkId: context.artworkId,
          file: context.file,
          onProgress: (fraction: number) => self.send({ type: 'upload.progress', fraction }),
        }),
        onDone: { target: 'done', actions: assign({ item: ({ event }) => event.output, progress: 1 }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => failureMessage(event.error) }) },
      },
    },
    done: { type: 'final' },
    failed: { type: 'final' },
  },
  output: ({ context }) =>
    context.item ? { status: 'done', item: context.item } : { status: 'failed', message: context.error ?? MESSAGES.anErrorOccurred },
});

export type MediaUploadRef = ActorRefFrom<typeof mediaUploadMachine>;
