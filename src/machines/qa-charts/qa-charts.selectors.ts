import type { SnapshotFrom } from 'xstate';
import type { qaChartsMachine } from './qa-charts.machine';

type Snapshot = SnapshotFrom<typeof qaChartsMachine>;

export const selectIsLoading = (s: Snapshot) => s.matches('loading');
export const selectFailure = (s: Snapshot) => (s.matches('failed') ? s.context.error : null);
export const selectCharts = (s: Snapshot) => s.context.charts;
export const selectReport = (s: Snapshot) => s.context.report;
