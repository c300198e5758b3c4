import { fromPromise } from 'xstate';
import { qaChartMachine, type QaChartLoaded } from './qa-chart.machine';

export interface QaChartDeps {
  loadChart: (machineId: string, internals: boolean) => Promise<QaChartLoaded>;
  drawChart: (machineId: string, internals: boolean) => Promise<string>;
}

type Input = { input: { machineId: string; internals: boolean } };

export const provideQaChart = (deps: QaChartDeps) =>
  qaChartMachine.provide({
    actors: {
      loadChart: fromPromise(({ input }: Input) => deps.loadChart(input.machineId, input.internals)),
      drawChart: fromPromise(({ input }: Input) => deps.drawChart(input.machineId, input.internals)),
    },
  });
