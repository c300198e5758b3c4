import type { SnapshotFrom } from 'xstate';
import type { publishMachine } from './publish.machine';

type PublishSnapshot = SnapshotFrom<typeof publishMachine>;

/** The chart's state by name ('loading', 'idle', 'reviewing', 'publishing', 'published' or 'failed'), for data-state. */
export const selectState = (s: PublishSnapshot) => (typeof s.value === 'string' ? s.value : Object.keys(s.value)[0]);
/** Where the portfolio lives since the last publish, if it was ever published. */
export const selectResult = (s: PublishSnapshot) => s.context.result;
export const selectError = (s: PublishSnapshot) => s.context.error;
/** The review step: the changes once read, or null while they are being read. */
export const selectReview = (s: PublishSnapshot) =>
  s.matches('reviewing') ? { preview: s.matches({ reviewing: 'ready' }) ? s.context.preview : null } : null;
