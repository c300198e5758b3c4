import { fromPromise } from 'xstate';
import { qaChartMachine, type QaChartLoaded } from './qa-chart.machine';

export interface QaChartDeps {
  loadChart: (machineId: string) => Promise<QaChartLoaded>;
}

export const provideQaChart = (deps: QaChartDeps) =>
  qaChartMachine.provide({
    actors: { loadChart: fromPromise(({ input }: { input: { machineId: string } }) => deps.loadChart(input.machineId)) },
  });
