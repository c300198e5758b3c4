import { assign, fromPromise, setup } from 'xstate';
import type { ChartSummary } from '../../qa/machine-catalog';
import type { QaReport } from '../../qa/qa-report';
import { errorOf, failureMessage } from '../shared/failure';

export interface QaChartsLoaded {
  charts: ChartSummary[];
  /** Null when no test run was recorded yet. */
  report: QaReport | null;
}

interface QaChartsContext extends QaChartsLoaded {
  error: string | null;
}

/** The QA studio's charts page (/qa): every machine of src/machines with its counts and its coverage from the last test run. */
export const qaChartsMachine = setup({
  types: { context: {} as QaChartsContext, events: {} as { type: 'charts.retry' } },
  actors: {
    loadCharts: fromPromise<QaChartsLoaded>(async () => {
      throw new Error('loadCharts is provided by provideQaCharts');
    }),
  },
}).createMachine({
  id: 'qaCharts',
  context: { charts: [], report: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      description: 'Reads every chart of src/machines and the last test run.',
      invoke: {
        id: 'loadCharts',
        src: 'loadCharts',
        onDone: { target: 'ready', actions: assign(({ event }) => ({ ...event.output, error: null })) },
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => failureMessage(errorOf(event), 'The charts could not be read') }),
        },
      },
    },
    ready: { description: 'The charts, each with its counts and coverage (or the note that no test run was recorded yet).' },
    failed: {
      description: 'The charts or the report could not be read; Retry reads them again.',
      on: { 'charts.retry': 'loading' },
    },
  },
});
