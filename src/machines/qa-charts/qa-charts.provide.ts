import { fromPromise } from 'xstate';
import { qaChartsMachine, type QaChartsLoaded } from './qa-charts.machine';

export interface QaChartsDeps {
  loadCharts: () => Promise<QaChartsLoaded>;
}

export const provideQaCharts = (deps: QaChartsDeps) =>
  qaChartsMachine.provide({ actors: { loadCharts: fromPromise(() => deps.loadCharts()) } });
