import type { SnapshotFrom } from 'xstate';
import type { publishMachine } from './publish.machine';

type PublishSnapshot = SnapshotFrom<typeof publishMachine>;

/** The chart's state by name ('loading', 'idle', 'publishing', 'published' or 'failed'), for data-state. */
export const selectState = (s: PublishSnapshot) => String(s.value);
/** Where the portfolio lives since the last publish, if it was ever published. */
export const selectResult = (s: PublishSnapshot) => s.context.result;
export const selectError = (s: PublishSnapshot) => s.context.error;
