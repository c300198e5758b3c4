import { assign, fromPromise, setup } from 'xstate';
import type { ChartState, ChartTransition } from '../../qa/chart-graph';
import type { QaMachineReport } from '../../qa/qa-report';
import { errorOf, failureMessage } from '../shared/failure';

/** How long Step through shows each step before taking the next event. */
export const STEP_DELAY_MS = 1200;

export interface QaChartLoaded {
  /** The chart laid out by Graphviz, with data-state-id and data-transition-id on its elements. */
  svg: string;
  states: ChartState[];
  transitions: ChartTransition[];
  /** This machine's coverage and paths from the last test run (null: no run, or the run did not test it). */
  report: QaMachineReport | null;
  /** Whether any test run was recorded at all. */
  recorded: boolean;
}

export interface QaChartContext {
  machineId: string;
  chart: QaChartLoaded | null;
  error: string | null;
  /** The state whose details are shown. */
  selected: string | null;
  /** The path being stepped through, and how many of its events were taken (0: its start). */
  pathId: string | null;
  step: number;
}

export type QaChartEvent =
  | { type: 'chart.retry' }
  | { type: 'state.select'; stateId: string }
  | { type: 'state.clear' }
  | { type: 'path.step'; pathId: string }
  | { type: 'path.stop' }
  | { type: 'step.next' }
  | { type: 'step.previous' }
  | { type: 'step.play' }
  | { type: 'step.pause' };

const stepsOf = (context: QaChartContext) => context.chart?.report?.paths.find((p) => p.id === context.pathId)?.steps.length ?? 0;

/**
 * The QA studio's chart page (/qa/charts/<machineId>): the chart drawn, a state's details, and Step through, which
 * replays one generated test path on the chart an event at a time (playing by itself, or paused and moved by hand).
 */
export const qaChartMachine = setup({
  types: {
    context: {} as QaChartContext,
    input: {} as { machineId: string },
    events: {} as QaChartEvent,
  },
  actors: {
    loadChart: fromPromise<QaChartLoaded, { machineId: string }>(async () => {
      throw new Error('loadChart is provided by provideQaChart');
    }),
  },
  guards: {
    hasNext: ({ context }) => context.step < stepsOf(context),
    hasPrevious: ({ context }) => context.step > 0,
    knownPath: ({ context, event }) => event.type === 'path.step' && !!context.chart?.report?.paths.some((p) => p.id === event.pathId),
  },
  actions: {
    selectState: assign({ selected: ({ event }) => (event.type === 'state.select' ? event.stateId : null) }),
    clearState: assign({ selected: null }),
    startPath: assign({ pathId: ({ event }) => (event.type === 'path.step' ? event.pathId : null), step: 0 }),
    stopPath: assign({ pathId: null, step: 0 }),
    next: assign({ step: ({ context }) => context.step + 1 }),
    previous: assign({ step: ({ context }) => context.step - 1 }),
    rewindAtEnd: assign({ step: ({ context }) => (context.step >= stepsOf(context) ? 0 : context.step) }),
  },
  delays: { stepDelay: STEP_DELAY_MS },
}).createMachine({
  id: 'qaChart',
  context: ({ input }) => ({ machineId: input.machineId, chart: null, error: null, selected: null, pathId: null, step: 0 }),
  initial: 'loading',
  states: {
    loading: {
      description: 'Finds the machine, lays its chart out and reads the last test run.',
      invoke: {
        id: 'loadChart',
        src: 'loadChart',
        input: ({ context }) => ({ machineId: context.machineId }),
        onDone: { target: 'ready', actions: assign({ chart: ({ event }) => event.output, error: null }) },
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => failureMessage(errorOf(event), 'The chart could not be drawn') }),
        },
      },
    },
    failed: {
      description: 'No such machine, or the chart could not be drawn; Retry tries again.',
      on: { 'chart.retry': 'loading' },
    },
    ready: {
      description: 'The chart, its coverage and its test paths.',
      on: {
        'state.select': { actions: 'selectState' },
        'state.clear': { actions: 'clearState' },
        'path.step': { guard: 'knownPath', target: '.stepping', reenter: true, actions: 'startPath' },
      },
      initial: 'browsing',
      states: {
        browsing: { description: 'Pan, zoom and pick states; no path is being replayed.' },
        stepping: {
          description: 'A test path replayed on the chart: its active states and the transition just taken are highlighted.',
          on: {
            'path.stop': { target: 'browsing', actions: 'stopPath' },
            'step.next': { guard: 'hasNext', target: '.paused', actions: 'next' },
            'step.previous': { guard: 'hasPrevious', target: '.paused', actions: 'previous' },
          },
          initial: 'playing',
          states: {
            playing: {
              description: 'Takes the next event every STEP_DELAY_MS.',
              on: { 'step.pause': 'paused' },
              after: {
                stepDelay: [{ guard: 'hasNext', target: 'playing', reenter: true, actions: 'next' }, { target: 'paused' }],
              },
            },
            paused: {
              description: 'Stays on one step; Play goes on (from the start again once the path has ended).',
              on: { 'step.play': { target: 'playing', actions: 'rewindAtEnd' } },
            },
          },
        },
      },
    },
  },
});
