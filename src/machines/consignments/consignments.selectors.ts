import type { SnapshotFrom } from 'xstate';
import type { consignmentsMachine } from './consignments.machine';

type Snapshot = SnapshotFrom<typeof consignmentsMachine>;

export const selectConsignments = (s: Snapshot) => s.context.consignments;
export const selectIsLoading = (s: Snapshot) => s.matches('loading');
export const selectFailure = (s: Snapshot) => (s.matches('failed') ? s.context.error : null);
export const selectChosen = (s: Snapshot) => s.context.chosen;
/** The consignment whose works are on their way back, if any. */
export const selectReturning = (s: Snapshot) => (s.matches('returning') ? s.context.returning : null);
