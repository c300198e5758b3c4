import { and, assign, enqueueActions, sendParent, setup, stopChild, type ActorRefFrom } from 'xstate';
import { ARTWORK_MESSAGES } from '../../schemas/artwork.schema';
import { ARTWORK_MEDIA_TYPES, type MediaItem } from '../../schemas/media.schema';
import { fileTypeLabel } from '../../schemas/file-types';
import { MAX_FILE_BYTES, fileTooLargeMessage, fileTypeNotAllowedMessage } from '../../schemas/upload.schema';
import { mediaUploadMachine, type MediaUploadOutcome, type MediaUploadRef } from './media-upload.machine';
import type { Notice } from '../toasts/notice';

/** How many files go up at the same time; the others wait in the queue. */
export const MAX_PARALLEL_UPLOADS = 3;

export interface QueuedFile {
  id: string;
  file: File;
}
export interface UploadEntry {
  id: string;
  fileName: string;
  ref: MediaUploadRef;
  status: 'running' | 'failed';
}
export interface RejectedFile {
  id: string;
  fileName: string;
  message: string;
}

export interface MediaUploadsContext {
  artworkId: string;
  queue: QueuedFile[];
  uploads: UploadEntry[];
  rejected: RejectedFile[];
  /** Numbers the files of this list: `upload-1`, `upload-2`, ... */
  seq: number;
  /** Files that went up since the uploads began: said in one toast once none is left going up or waiting. */
  uploadedCount: number;
}

export type MediaUploadsEvent =
  | { type: 'uploads.add'; files: File[] }
  | { type: 'uploads.cancel'; id: string }
  | { type: 'uploads.dismiss'; id: string }
  /** A file's actor finished. */
  | { type: `xstate.done.actor.${string}`; actorId: string; output: MediaUploadOutcome };

export interface MediaUploadsInput {
  artworkId: string;
  /** Files to send at once (held while the artwork was new). */
  files?: File[];
}

/** Why a file is refused before anything is sent, or null when it may go. */
export function mediaFileProblem(file: File): string | null {
  if (file.size > MAX_FILE_BYTES) return fileTooLargeMessage(file.name);
  if (!(ARTWORK_MEDIA_TYPES as readonly string[]).includes(file.type))
    return fileTypeNotAllowedMessage(fileTypeLabel(file.type, file.name));
  return null;
}

const running = (context: MediaUploadsContext) => context.uploads.filter((u) => u.status === 'running').length;
const outcomeOf = (event: MediaUploadsEvent) => (event as { output?: MediaUploadOutcome }).output;

/**
 * Many files at once: each acceptable file waits in a queue and gets its own upload actor when one of the
 * MAX_PARALLEL_UPLOADS places is free. A refused file is listed with its reason; the rest continue.
 */
export const mediaUploadsMachine = setup({
  types: {
    context: {} as MediaUploadsContext,
    events: {} as MediaUploadsEvent,
    input: {} as MediaUploadsInput,
    tags: {} as 'busy',
  },
  actors: { upload: mediaUploadMachine },
  actions: {
    notify: (_, _notice: Notice) => {},
    /** Tells the media list about a new item. */
    uploaded: sendParent((_, item: MediaItem) => ({ type: 'media.uploaded', item })),
    enqueue: assign(({ context, event }) => {
      if (event.type !== 'uploads.add') return {};
      let seq = context.seq;
      const queue = [...context.queue];
      const rejected = [...context.rejected];
      for (const file of event.files) {
        const id = `upload-${++seq}`;
        const problem = mediaFileProblem(file);
        if (problem) rejected.push({ id, fileName: file.name, message: problem });
        else queue.push({ id, file });
      }
      return { seq, queue, rejected };
    }),
    startNext: assign(({ context, spawn }) => {
      const queue = [...context.queue];
      const uploads = [...context.uploads];
      let free = MAX_PARALLEL_UPLOADS - running(context);
      while (free-- > 0 && queue.length) {
        const { id, file } = queue.shift()!;
        uploads.push({
          id,
          fileName: file.name,
          status: 'running',
          ref: spawn('upload', { id, input: { artworkId: context.artworkId, file } }),
        });
      }
      return { queue, uploads };
    }),
    forget: assign(({ context, event }) => {
      const id = (event as { id?: string; actorId?: string }).id ?? (event as { actorId: string }).actorId;
      return {
        queue: context.queue.filter((q) => q.id !== id),
        uploads: context.uploads.filter((u) => u.id !== id),
        rejected: context.rejected.filter((r) => r.id !== id),
      };
    }),
    stopUpload: stopChild(({ event }) => (event as { id: string }).id),
    countUploaded: assign({ uploadedCount: ({ context }) => context.uploadedCount + 1 }),
    markFailed: assign({
      uploads: ({ context, event }) =>
        context.uploads.map((u) => (u.id === (event as { actorId: string }).actorId ? { ...u, status: 'failed' as const } : u)),
    }),
  },
  guards: {
    uploadSucceeded: ({ event }) => outcomeOf(event)?.status === 'done',
    isRunning: ({ context, event }) => context.uploads.some((u) => u.id === (event as { id: string }).id && u.status === 'running'),
    hasWork: ({ context }) => context.queue.length > 0 || running(context) > 0,
    noWork: ({ context }) => context.queue.length === 0 && running(context) === 0,
    someUploaded: ({ context }) => context.uploadedCount > 0,
  },
}).createMachine({
  id: 'mediaUploads',
  context: ({ input }) => ({ artworkId: input.artworkId, queue: [], uploads: [], rejected: [], seq: 0, uploadedCount: 0 }),
  // Files given at the start (dropped on the artwork before it was saved) go as a drop would.
  entry: enqueueActions(({ event, enqueue }) => {
    const files = (event as { input?: MediaUploadsInput }).input?.files;
    if (files?.length) enqueue.raise({ type: 'uploads.add', files });
  }),
  on: {
    'uploads.add': { actions: ['enqueue', 'startNext'] },
    'uploads.cancel': [{ guard: 'isRunning', actions: ['stopUpload', 'forget', 'startNext'] }, { actions: 'forget' }],
    'uploads.dismiss': { actions: 'forget' },
    'xstate.done.actor.*': [
      {
        guard: 'uploadSucceeded',
        actions: [
          'forget',
          'countUploaded',
          { type: 'uploaded', params: ({ event }) => (outcomeOf(event) as { item: MediaItem }).item },
          'startNext',
        ],
      },
      {
        actions: [
          'markFailed',
          {
            type: 'notify',
            params: ({ event }) => ({
              title: ARTWORK_MESSAGES.uploadFailedTitle((outcomeOf(event) as { message: string }).message),
              toastType: 'error',
            }),
          },
          'startNext',
        ],
      },
    ],
  },
  initial: 'idle',
  states: {
    idle: { always: { guard: 'hasWork', target: 'uploading' } },
    uploading: {
      tags: ['busy'],
      always: [
        // A drop of several files says so once, when the last one is up, not once per file.
        {
          guard: and(['noWork', 'someUploaded']),
          target: 'idle',
          actions: [
            {
              type: 'notify',
              params: ({ context }) => ({
                title:
                  context.uploadedCount === 1 ? ARTWORK_MESSAGES.mediaUploaded : ARTWORK_MESSAGES.mediaUploadedMany(context.uploadedCount),
                toastType: 'success' as const,
              }),
            },
            assign({ uploadedCount: 0 }),
          ],
        },
        { guard: 'noWork', target: 'idle' },
      ],
    },
  },
});

export type MediaUploadsRef = ActorRefFrom<typeof mediaUploadsMachine>;
