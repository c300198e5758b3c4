import type { SnapshotFrom } from 'xstate';
import type { artworkDropMachine } from './artwork-drop.machine';

// What the drop zone, the choice dialog and the progress list ask the drop chart.

type DropSnapshot = SnapshotFrom<typeof artworkDropMachine>;

/** 'idle', 'choosing', 'uploading' or 'finished'. */
export const selectDropState = (s: DropSnapshot) => s.value as 'idle' | 'choosing' | 'uploading' | 'finished';
export const selectJobs = (s: DropSnapshot) => s.context.jobs;
export const selectRejected = (s: DropSnapshot) => s.context.rejected;
/** The choice dialog: one artwork per file or one for all, and what pictures make. */
export const selectChoice = (s: DropSnapshot) => ({ grouping: s.context.grouping, imageType: s.context.imageType, jobs: s.context.jobs });
/** How many files are done and how many there are, for the progress line. */
export const selectDoneCount = (s: DropSnapshot) => s.context.jobs.filter((j) => j.status === 'done').length;
