import { assertEvent, assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { importProblems, type ImportReport } from '../../schemas/artwork-import.schema';
import { failureMessage } from '../shared/failure';

export interface ArtworkImportContext {
  /** The CSV chosen, checked and (once confirmed) imported as it is. */
  file: File | null;
  /** The server's answer for it: the dry run's, or the import's. */
  report: ImportReport | null;
  error: string | null;
}

export type ArtworkImportEvent =
  { type: 'import.file'; file: File } | { type: 'import.confirm' } | { type: 'import.retry' } | { type: 'import.cancel' };

/** The file can go in: it has works and no problem (a file's or a row's). */
export const canImport = (report: ImportReport | null) => !!report && report.rows.length > 0 && importProblems(report).length === 0;

/**
 * Moving an inventory in from CSV: a chosen file is first read by the server without writing anything (a dry run);
 * the artist sees each row and every problem by line and column, and imports only a file without problems. The
 * import is all or nothing: refused, it shows the server's report again (the service tells the lists when works went in).
 */
export const artworkImportMachine = setup({
  types: {
    context: {} as ArtworkImportContext,
    events: {} as ArtworkImportEvent,
    tags: {} as 'busy',
  },
  actors: {
    /** The dry run: the report, problems included (a file the server cannot read at all is a report too). */
    checkImport: fromPromise<ImportReport, { file: File }>(async () => {
      throw new Error('checkImport not provided');
    }),
    /** The import: the report, `imported` > 0 when the works were created, or the problems that refused it. */
    runImport: fromPromise<ImportReport, { file: File }>(async () => {
      throw new Error('runImport not provided');
    }),
  },
  actions: {
    takeFile: assign(({ event }) => {
      assertEvent(event, 'import.file');
      return { file: event.file, report: null, error: null };
    }),
    clear: assign({ file: null, report: null, error: null }),
  },
  guards: {
    importable: ({ context }) => canImport(context.report),
    imported: ({ event }) => ((event as { output?: ImportReport }).output?.imported ?? 0) > 0,
  },
}).createMachine({
  id: 'artworkImport',
  context: { file: null, report: null, error: null },
  initial: 'idle',
  states: {
    idle: {
      description: 'No file yet: the columns it may have are listed.',
      on: { 'import.file': { target: 'checking', actions: 'takeFile' } },
    },
    checking: {
      description: 'The server reads the file and says what each row would become; nothing is written.',
      tags: ['busy'],
      invoke: {
        id: 'checkImport',
        src: 'checkImport',
        input: ({ context }) => ({ file: context.file! }),
        onDone: { target: 'reviewing', actions: assign({ report: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => failureMessage(event.error) }) },
      },
    },
    reviewing: {
      description: 'Each row and every problem by line and column; Import only when there is none.',
      on: {
        'import.confirm': { guard: 'importable', target: 'importing' },
        'import.file': { target: 'checking', actions: 'takeFile' },
        'import.cancel': { target: 'idle', actions: 'clear' },
      },
    },
    importing: {
      description: 'All the rows are written in one go, or none.',
      tags: ['busy'],
      invoke: {
        id: 'runImport',
        src: 'runImport',
        input: ({ context }) => ({ file: context.file! }),
        onDone: [
          { guard: 'imported', target: 'done', actions: assign({ report: ({ event }) => event.output }) },
          // Refused (the file's problems, found again): its report shows, nothing was written.
          { target: 'reviewing', actions: assign({ report: ({ event }) => event.output }) },
        ],
        onError: { target: 'failed', actions: assign({ error: ({ event }) => failureMessage(event.error) }) },
      },
    },
    done: {
      description: 'The works are in My Artworks; another file may follow.',
      on: { 'import.file': { target: 'checking', actions: 'takeFile' } },
    },
    failed: {
      description: 'The file could not be sent or read (too large, not a CSV, no connection): why, and Try again.',
      on: {
        'import.retry': 'checking',
        'import.file': { target: 'checking', actions: 'takeFile' },
        'import.cancel': { target: 'idle', actions: 'clear' },
      },
    },
  },
});

export type ArtworkImportRef = ActorRefFrom<typeof artworkImportMachine>;
