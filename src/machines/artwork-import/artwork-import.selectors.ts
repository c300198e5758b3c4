import type { SnapshotFrom } from 'xstate';
import { importProblems } from '../../schemas/artwork-import.schema';
import { canImport, type artworkImportMachine } from './artwork-import.machine';

// What the import page asks its chart.

type ImportSnapshot = SnapshotFrom<typeof artworkImportMachine>;

export const selectImportState = (s: ImportSnapshot) => s.value as 'idle' | 'checking' | 'reviewing' | 'importing' | 'done' | 'failed';
export const selectFileName = (s: ImportSnapshot) => s.context.file?.name ?? null;
export const selectReport = (s: ImportSnapshot) => s.context.report;
export const selectError = (s: ImportSnapshot) => s.context.error;
export const selectIsBusy = (s: ImportSnapshot) => s.hasTag('busy');
/** Every problem of the file and its rows, in line order. */
export const selectProblems = (s: ImportSnapshot) => (s.context.report ? importProblems(s.context.report) : []);
export const selectCanImport = (s: ImportSnapshot) => canImport(s.context.report);
