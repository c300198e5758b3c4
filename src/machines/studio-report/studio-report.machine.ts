import { assign, fromPromise, setup } from 'xstate';
import type { StudioReport } from '../../schemas/studio-report.schema';
import { errorOf, failureMessage } from '../shared/failure';

interface StudioReportContext {
  /** The year whose sales are shown. */
  year: number;
  /** The current year: the report does not go past it. */
  thisYear: number;
  /** The last report read; kept on screen while another year is read. */
  report: StudioReport | null;
  error: string | null;
}

type StudioReportEvent = { type: 'year.previous' } | { type: 'year.next' } | { type: 'report.retry' };

/** Home's report: where the works are, what is for sale, a year's sales and what needs doing; one year at a time. */
export const studioReportMachine = setup({
  types: {
    context: {} as StudioReportContext,
    input: {} as { thisYear: number },
    events: {} as StudioReportEvent,
  },
  actors: {
    loadReport: fromPromise<StudioReport, { year: number }>(async () => {
      throw new Error('loadReport is provided by provideStudioReport');
    }),
  },
  guards: {
    beforeThisYear: ({ context }) => context.year < context.thisYear,
  },
}).createMachine({
  id: 'studioReport',
  description: "Home's report of the studio, read for one year at a time (the current one first).",
  context: ({ input }) => ({ year: input.thisYear, thisYear: input.thisYear, report: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      description: 'Reads the report for the year; the last one read stays on screen, marked busy.',
      invoke: {
        id: 'loadReport',
        src: 'loadReport',
        input: ({ context }) => ({ year: context.year }),
        onDone: { target: 'ready', actions: assign({ report: ({ event }) => event.output, error: null }) },
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => failureMessage(errorOf(event), 'The report could not be read') }),
        },
      },
    },
    ready: {
      description: "The report; the year's sales can go back a year, and forward up to this year.",
      on: {
        'year.previous': { target: 'loading', actions: assign({ year: ({ context }) => context.year - 1 }) },
        'year.next': { guard: 'beforeThisYear', target: 'loading', actions: assign({ year: ({ context }) => context.year + 1 }) },
      },
    },
    failed: {
      description: 'The report could not be read; Retry reads the same year again.',
      on: { 'report.retry': 'loading' },
    },
  },
});
