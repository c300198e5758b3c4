import type { SnapshotFrom } from 'xstate';
import type { studioReportMachine } from './studio-report.machine';

type Snapshot = SnapshotFrom<typeof studioReportMachine>;

export const selectReport = (s: Snapshot) => s.context.report;
export const selectYear = (s: Snapshot) => s.context.year;
export const selectIsLoading = (s: Snapshot) => s.matches('loading');
export const selectFailure = (s: Snapshot) => (s.matches('failed') ? s.context.error : null);
export const selectCanGoBack = (s: Snapshot) => s.can({ type: 'year.previous' });
export const selectCanGoForward = (s: Snapshot) => s.can({ type: 'year.next' });
