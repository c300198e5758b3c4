import { assign, fromPromise, setup } from 'xstate';
import type { ChartState, ChartTransition } from '../../qa/chart-graph';
import type { QaMachineReport } from '../../qa/qa-report';
import { errorOf, failureMessage } from '../shared/failure';

/** How long Step through shows each step before taking the next event. */
export const STEP_DELAY_MS = 1200;

export interface QaChartLoaded {
  /** The chart laid out by Graphviz, with data-state-id and data-transition-id on its elements (as `internals` asks). */
  svg: string;
  states: ChartState[];
  transitions: ChartTransition[];
  /** This machine's coverage and paths from the last test run (null: no run, or the run did not test it). */
  report: QaMachineReport | null;
  /** Whether any test run was recorded at all. */
  recorded: boolean;
}

/** Which drawing: labels with XState's own actions (`xstate.assign`...) or without. */
export type Labels = 'plain' | 'internals';
export const labelsOf = (internals: boolean): Labels => (internals ? 'internals' : 'plain');

export interface QaChartContext {
  machineId: string;
  chart: QaChartLoaded | null;
  /** Whether XState's internals show: its own actions on the chart, raw event types on the test paths. */
  internals: boolean;
  /** The drawings made so far, so that switching the internals back and forth lays the chart out once each way. */
  drawings: Partial<Record<Labels, string>>;
  error: string | null;
  /** The state whose details are shown. */
  selected: string | null;
  /** The path being stepped through, and how many of its events were taken (0: its start). */
  pathId: string | null;
  step: number;
}

export type QaChartEvent =
  | { type: 'chart.retry' }
  | { type: 'chart.internals'; show: boolean }
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
    loadChart: fromPromise<QaChartLoaded, { machineId: string; internals: boolean }>(async () => {
      throw new Error('loadChart is provided by provideQaChart');
    }),
    drawChart: fromPromise<string, { machineId: string; internals: boolean }>(async () => {
      throw new Error('drawChart is provided by provideQaChart');
    }),
  },
  guards: {
    hasNext: ({ context }) => context.step < stepsOf(context),
    hasPrevious: ({ context }) => context.step > 0,
    knownPath: ({ context, event }) => event.type === 'path.step' && !!context.chart?.report?.paths.some((p) => p.id === event.pathId),
    isDrawn: ({ context, event }) => event.type === 'chart.internals' && context.drawings[labelsOf(event.show)] !== undefined,
  },
  actions: {
    selectState: assign({ selected: ({ event }) => (event.type === 'state.select' ? event.stateId : null) }),
    clearState: assign({ selected: null }),
    startPath: assign({ pathId: ({ event }) => (event.type === 'path.step' ? event.pathId : null), step: 0 }),
    stopPath: assign({ pathId: null, step: 0 }),
    next: assign({ step: ({ context }) => context.step + 1 }),
    previous: assign({ step: ({ context }) => context.step - 1 }),
    rewindAtEnd: assign({ step: ({ context }) => (context.step >= stepsOf(context) ? 0 : context.step) }),
    setInternals: assign({ internals: ({ context, event }) => (event.type === 'chart.internals' ? event.show : context.internals) }),
    showDrawing: assign({
      chart: ({ context }) => context.chart && { ...context.chart, svg: context.drawings[labelsOf(context.internals)]! },
    }),
  },
  delays: { stepDelay: STEP_DELAY_MS },
}).createMachine({
  id: 'qaChart',
  context: ({ input }) => ({
    machineId: input.machineId,
    chart: null,
    internals: false,
    drawings: {},
    error: null,
    selected: null,
    pathId: null,
    step: 0,
  }),
  initial: 'loading',
  states: {
    loading: {
      description: 'Finds the machine, lays its chart out and reads the last test run.',
      invoke: {
        id: 'loadChart',
        src: 'loadChart',
        input: ({ context }) => ({ machineId: context.machineId, internals: context.internals }),
        onDone: {
          target: 'ready',
          actions: assign({
            chart: ({ event }) => event.output,
            drawings: ({ context, event }) => ({ [labelsOf(context.internals)]: event.output.svg }),
            error: null,
          }),
        },
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
    redrawing: {
      description: "Lays the chart out again with or without XState's internals; the page keeps the last drawing meanwhile.",
      invoke: {
        id: 'drawChart',
        src: 'drawChart',
        input: ({ context }) => ({ machineId: context.machineId, internals: context.internals }),
        onDone: {
          target: 'ready.previous',
          actions: [
            assign({ drawings: ({ context, event }) => ({ ...context.drawings, [labelsOf(context.internals)]: event.output }) }),
            'showDrawing',
          ],
        },
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => failureMessage(errorOf(event), 'The chart could not be drawn') }),
        },
      },
    },
    ready: {
      description: 'The chart, its coverage and its test paths.',
      on: {
        'chart.internals': [
          { guard: 'isDrawn', actions: ['setInternals', 'showDrawing'] },
          { target: 'redrawing', actions: 'setInternals' },
        ],
        'state.select': { actions: 'selectState' },
        'state.clear': { actions: 'clearState' },
        'path.step': { guard: 'knownPath', target: '.stepping', reenter: true, actions: 'startPath' },
      },
      initial: 'browsing',
      states: {
        // Back from a new drawing to where the page was: browsing, or stepping through a path (playing or paused).
        previous: { type: 'history', history: 'deep' },
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
