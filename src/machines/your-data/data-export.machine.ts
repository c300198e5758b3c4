import { assign, fromPromise, setup } from 'xstate';
import type { DataArchive, DownloadProgress } from '../../services/user.service';
import { failureMessage } from '../shared/failure';

export type { DataArchive, DownloadProgress };

export interface DataExportContext {
  progress: DownloadProgress | null;
  /** Size of the last archive saved. */
  savedBytes: number | null;
  error: string | null;
}

export type DataExportEvent = { type: 'export.start' } | { type: 'export.cancel' } | ({ type: 'export.progress' } & DownloadProgress);

/** Download my data: the archive downloads with its progress shown, can be cancelled, and is saved once complete. */
export const dataExportMachine = setup({
  types: {
    context: {} as DataExportContext,
    events: {} as DataExportEvent,
    tags: {} as 'busy',
  },
  actors: {
    downloadArchive: fromPromise<DataArchive, { onProgress: (p: DownloadProgress) => void }>(async () => {
      throw new Error('downloadArchive not provided');
    }),
  },
  actions: {
    /** Hands the archive to the browser to save (a link to the blob, clicked). */
    saveArchive: (_, _archive: DataArchive) => {},
  },
}).createMachine({
  id: 'dataExport',
  context: { progress: null, savedBytes: null, error: null },
  initial: 'idle',
  states: {
    idle: {
      description: 'Nothing downloading: the button offers the archive.',
      on: { 'export.start': 'downloading' },
    },
    downloading: {
      description: 'The archive streams in; cancelling stops the download (the invoked call is aborted).',
      tags: ['busy'],
      entry: assign({ progress: { loaded: 0, total: null }, error: null }),
      on: {
        'export.progress': { actions: assign({ progress: ({ event }) => ({ loaded: event.loaded, total: event.total }) }) },
        'export.cancel': { target: 'idle', actions: assign({ progress: null }) },
      },
      invoke: {
        id: 'downloadArchive',
        src: 'downloadArchive',
        input: ({ self }) => ({ onProgress: (p: DownloadProgress) => self.send({ type: 'export.progress', ...p }) }),
        onDone: {
          target: 'saved',
          actions: [
            { type: 'saveArchive', params: ({ event }) => event.output },
            assign({ progress: null, savedBytes: ({ event }) => event.output.blob.size }),
          ],
        },
        onError: { target: 'failed', actions: assign({ progress: null, error: ({ event }) => failureMessage(event.error) }) },
      },
    },
    saved: {
      description: 'The archive was handed to the browser to save; it can be downloaded again.',
      on: { 'export.start': 'downloading' },
    },
    failed: {
      description: 'The download failed; the reason shows and the artist can try again.',
      on: { 'export.start': 'downloading' },
    },
  },
});
