import type { SnapshotFrom } from 'xstate';
import type { qaSourceMachine } from './qa-source.machine';

type Snapshot = SnapshotFrom<typeof qaSourceMachine>;

export const selectIsLoading = (s: Snapshot) => s.matches('loading');
export const selectFailure = (s: Snapshot) => (s.matches('failed') ? s.context.error : null);
/** The file's lines, once read. */
export const selectLines = (s: Snapshot) => (s.matches('ready') && s.context.text !== null ? s.context.text.split('\n') : null);
