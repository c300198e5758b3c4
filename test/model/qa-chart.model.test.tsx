import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SimulatedClock, type SnapshotFrom } from 'xstate';
import { afterEach, describe, expect, it } from 'vitest';
import { STEP_DELAY_MS, qaChartMachine, type QaChartLoaded } from '../../src/machines/qa-chart/qa-chart.machine';
import { ChartPage } from '../../src/views/qa/ChartPage';
import { assertFullCoverage, controlledPromise, coveringPaths, createModel, pathName, type ModelEvent } from './harness';
import { FIXTURE_CHART } from './qa-fixture';

type Snapshot = SnapshotFrom<typeof qaChartMachine>;
type Event = ModelEvent<typeof qaChartMachine>;
const AFTER = 'xstate.after.stepDelay.qaChart.ready.stepping.playing';
const FAILURE = 'There is no machine with the id "demo" in src/machines.';

const events = (s: Snapshot): Event[] => {
  if (s.matches('loading'))
    return [
      { type: 'xstate.done.actor.loadChart', output: FIXTURE_CHART },
      { type: 'xstate.error.actor.loadChart', error: new Error(FAILURE) },
    ];
  if (s.matches('failed')) return [{ type: 'chart.retry' }];
  const out: Event[] = [
    s.context.selected ? { type: 'state.clear' } : { type: 'state.select', stateId: 'demo.idle' },
    { type: 'path.step', pathId: 'demo-1' },
  ];
  if (s.matches({ ready: 'stepping' })) out.push({ type: 'path.stop' }, { type: 'step.next' }, { type: 'step.previous' });
  if (s.matches({ ready: { stepping: 'playing' } })) out.push({ type: 'step.pause' }, { type: AFTER });
  if (s.matches({ ready: { stepping: 'paused' } })) out.push({ type: 'step.play' });
  return out;
};
const serializeState = (s: Snapshot) => JSON.stringify([s.value, !!s.context.chart, s.context.selected, s.context.step]);
const model = createModel(qaChartMachine, { events, serializeState, input: { machineId: 'demo' } });
const paths = coveringPaths(model);

let loadChart = controlledPromise<QaChartLoaded, { machineId: string }>('loadChart');
afterEach(() => {
  loadChart = controlledPromise<QaChartLoaded, { machineId: string }>('loadChart');
});

const chart = () => screen.getByTestId('chart');
const stateEl = (id: string) => chart().querySelector(`[data-state-id="${id}"]`)!;
const marked = (attr: string) =>
  Array.from(chart().querySelectorAll(`[data-${attr}="true"]`)).map(
    (el) => el.getAttribute('data-state-id') ?? el.getAttribute('data-transition-id'),
  );

function assertReady(s: Snapshot) {
  expect(screen.getByTestId('chart-summary')).toHaveTextContent(
    '3 states, 2 transitions. Covered: states 3 / 3 (100%), transitions 1 / 2 (50%).',
  );
  // Coverage on every edge: taken by a test or never.
  expect(chart().querySelector('[data-transition-id="demo.idle#go#0"]')).toHaveAttribute('data-covered', 'true');
  expect(chart().querySelector('[data-transition-id="demo.busy#back#0"]')).toHaveAttribute('data-covered', 'false');
  const path = document.querySelector('[data-test-path="demo-1"]')!;
  expect(path).toHaveTextContent('Events: go → back');
  expect(path).toHaveTextContent('States: demo.idle → demo.busy → demo.idle');
  const details = screen.queryByTestId('state-details');
  if (s.context.selected) {
    expect(details).toHaveTextContent('Waits for go.');
    expect(within(details!).getByText(/^go \/ start → demo\.busy/)).toHaveAttribute('data-covered', 'true');
    expect(details).toHaveTextContent('go → back');
    expect(stateEl('demo.idle')).toHaveAttribute('data-selected', 'true');
  } else {
    expect(details).toBeNull();
    expect(marked('selected')).toEqual([]);
  }
}

function assertStep(s: Snapshot, playing: boolean) {
  assertReady(s);
  const { step } = s.context;
  const status = screen.getByTestId('step-status');
  expect(status).toHaveTextContent(
    `go → back: step ${step} of 2 ${['(start)', '(go)', '(back)'][step]}, in ${step === 1 ? 'demo.busy' : 'demo.idle'}`,
  );
  expect(marked('active')).toEqual(step === 1 ? ['demo', 'demo.busy'] : ['demo', 'demo.idle']);
  expect(marked('taken')).toEqual([[], ['demo.idle#go#0'], ['demo.busy#back#0']][step]);
  expect(screen.queryByRole('button', { name: 'Pause' }) !== null).toBe(playing);
  expect(screen.queryByRole('button', { name: 'Play' }) !== null).toBe(!playing);
}

const states = {
  loading: () => {
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(loadChart.calls.at(-1)).toEqual({ machineId: 'demo' });
  },
  failed: () => {
    expect(screen.getByRole('alert')).toHaveTextContent(FAILURE);
  },
  'ready.browsing': (s: Snapshot) => {
    assertReady(s);
    expect(screen.queryByTestId('step-status')).toBeNull();
    expect(marked('active')).toEqual([]);
  },
  'ready.stepping.playing': (s: Snapshot) => assertStep(s, true),
  'ready.stepping.paused': (s: Snapshot) => assertStep(s, false),
};

describe('qaChart: the studio chart page follows the chart', () => {
  it.for(paths.map((p) => [pathName(p), p] as const))('%s', async ([, path]) => {
    const user = userEvent.setup();
    const clock = new SimulatedClock();
    render(<ChartPage machineId="demo" logic={qaChartMachine.provide({ actors: { loadChart: loadChart.logic } })} clock={clock} />);
    await path.test({
      events: {
        'xstate.done.actor.loadChart': () => act(() => loadChart.resolve(FIXTURE_CHART)),
        'xstate.error.actor.loadChart': () => act(() => loadChart.reject(new Error(FAILURE))),
        'chart.retry': () => user.click(screen.getByRole('button', { name: 'Retry' })),
        'state.select': () => user.click(stateEl('demo.idle')),
        'state.clear': () => user.click(screen.getByRole('button', { name: 'Close details' })),
        'path.step': () => user.click(screen.getByRole('button', { name: 'Step through: go → back' })),
        'path.stop': () => user.click(screen.getByRole('button', { name: 'Stop' })),
        'step.next': () => user.click(screen.getByRole('button', { name: 'Next' })),
        'step.previous': () => user.click(screen.getByRole('button', { name: 'Previous' })),
        'step.play': () => user.click(screen.getByRole('button', { name: 'Play' })),
        'step.pause': () => user.click(screen.getByRole('button', { name: 'Pause' })),
        [AFTER]: () => act(() => clock.increment(STEP_DELAY_MS)),
      },
      states,
    });
  });

  it('Enter on a focused state shows its details too', async () => {
    const user = userEvent.setup();
    render(<ChartPage machineId="demo" logic={qaChartMachine.provide({ actors: { loadChart: loadChart.logic } })} />);
    await act(() => loadChart.resolve(FIXTURE_CHART));
    (stateEl('demo.busy') as SVGElement).focus();
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('state-details')).toHaveTextContent('Invokes: work');
  });

  it('covers every state and transition', () => {
    assertFullCoverage(qaChartMachine, paths, { stateTests: states, record: true, input: { machineId: 'demo' } });
  });
});
