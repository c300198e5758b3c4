import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SimulatedClock, type SnapshotFrom } from 'xstate';
import { afterEach, describe, expect, it } from 'vitest';
import { STEP_DELAY_MS, qaChartMachine, type QaChartLoaded } from '../../src/machines/qa-chart/qa-chart.machine';
import { ChartPage } from '../../src/views/qa/ChartPage';
import { assertFullCoverage, controlledPromise, coveringPaths, createModel, pathName, type ModelEvent } from './harness';
import { FIXTURE_CHART, FIXTURE_SVG, FIXTURE_SVG_INTERNALS } from './qa-fixture';

type Snapshot = SnapshotFrom<typeof qaChartMachine>;
type Event = ModelEvent<typeof qaChartMachine>;
type Input = { machineId: string; internals: boolean };
const AFTER = 'xstate.after.stepDelay.qaChart.ready.stepping.playing';
const FAILURE = 'There is no machine with the id "demo" in src/machines.';
const DRAW_FAILURE = 'Graphviz could not lay the chart out.';
const svgFor = (internals: boolean) => (internals ? FIXTURE_SVG_INTERNALS : FIXTURE_SVG);

const events = (s: Snapshot): Event[] => {
  if (s.matches('loading'))
    return [
      { type: 'xstate.done.actor.loadChart', output: { ...FIXTURE_CHART, svg: svgFor(s.context.internals) } },
      { type: 'xstate.error.actor.loadChart', error: new Error(FAILURE) },
    ];
  if (s.matches('failed')) return [{ type: 'chart.retry' }];
  if (s.matches('redrawing'))
    return [
      { type: 'xstate.done.actor.drawChart', output: svgFor(s.context.internals) },
      { type: 'xstate.error.actor.drawChart', error: new Error(DRAW_FAILURE) },
    ];
  const out: Event[] = [
    s.context.selected ? { type: 'state.clear' } : { type: 'state.select', stateId: 'demo.idle' },
    { type: 'path.step', pathId: 'demo-1' },
    { type: 'chart.internals', show: !s.context.internals },
  ];
  if (s.matches({ ready: 'stepping' })) out.push({ type: 'path.stop' }, { type: 'step.next' }, { type: 'step.previous' });
  if (s.matches({ ready: { stepping: 'playing' } })) out.push({ type: 'step.pause' }, { type: AFTER });
  if (s.matches({ ready: { stepping: 'paused' } })) out.push({ type: 'step.play' });
  return out;
};
const serializeState = (s: Snapshot) =>
  JSON.stringify([s.value, !!s.context.chart, s.context.selected, s.context.step, s.context.internals, Object.keys(s.context.drawings)]);
const model = createModel(qaChartMachine, { events, serializeState, input: { machineId: 'demo' } });
const paths = coveringPaths(model);

let loadChart = controlledPromise<QaChartLoaded, Input>('loadChart');
let drawChart = controlledPromise<string, Input>('drawChart');
afterEach(() => {
  loadChart = controlledPromise<QaChartLoaded, Input>('loadChart');
  drawChart = controlledPromise<string, Input>('drawChart');
});

const chart = () => screen.getByTestId('chart');
const stateEl = (id: string) => chart().querySelector(`[data-state-id="${id}"]`)!;
const marked = (attr: string) =>
  Array.from(chart().querySelectorAll(`[data-${attr}="true"]`)).map(
    (el) => el.getAttribute('data-state-id') ?? el.getAttribute('data-transition-id'),
  );
const internalsBox = () => screen.getByRole('checkbox', { name: 'XState internals' });

function assertReady(s: Snapshot) {
  const { internals } = s.context;
  expect(screen.getByTestId('chart-summary')).toHaveTextContent(
    '3 states, 2 transitions. Covered: states 3 / 3 (100%), transitions 1 / 2 (50%).',
  );
  expect(screen.getByTestId('coverage-written')).toHaveTextContent(
    /^Coverage written .* ago \(1 May 2025, \d\d:\d\d\); npm run test:model refreshes it\.$/,
  );
  // The drawing asked for: XState's own actions on it or not.
  expect(internalsBox()).toHaveProperty('checked', internals);
  expect(chart().textContent?.includes('xstate.assign')).toBe(internals);
  // Coverage on every edge: taken by a test or never.
  expect(chart().querySelector('[data-transition-id="demo.idle#go#0"]')).toHaveAttribute('data-covered', 'true');
  expect(chart().querySelector('[data-transition-id="demo.busy#back#0"]')).toHaveAttribute('data-covered', 'false');
  const path = document.querySelector('[data-test-path="demo-1"]') as HTMLElement;
  expect(path).toHaveTextContent('Events: go → back');
  expect(path).toHaveTextContent('States: demo.idle → demo.busy → demo.idle');
  // The test that walked it, and a link to where it is written.
  expect(within(path).getByText('demo › go → back')).toBeInTheDocument();
  expect(within(path).getByRole('link', { name: 'test/model/demo.model.test.tsx:12' })).toHaveAttribute(
    'href',
    '/source?file=test%2Fmodel%2Fdemo.model.test.tsx&line=12#L12',
  );
  const details = screen.queryByTestId('state-details');
  if (s.context.selected) {
    expect(details).toHaveTextContent('Waits for go.');
    expect(details).toHaveTextContent('Part of demo');
    const go = internals ? /^go \/ xstate\.assign, start → demo\.busy \(covered\)$/ : /^go \/ start → demo\.busy \(covered\)$/;
    expect(within(details!).getByText(go)).toHaveAttribute('data-covered', 'true');
    expect(details).toHaveTextContent('demo › go → back');
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
    `demo › go → back: step ${step} of 2 ${['(start)', '(go)', '(back)'][step]}, in ${step === 1 ? 'demo.busy' : 'demo.idle'}`,
  );
  expect(marked('active')).toEqual(step === 1 ? ['demo', 'demo.busy'] : ['demo', 'demo.idle']);
  expect(marked('taken')).toEqual([[], ['demo.idle#go#0'], ['demo.busy#back#0']][step]);
  expect(screen.queryByRole('button', { name: 'Pause' }) !== null).toBe(playing);
  expect(screen.queryByRole('button', { name: 'Play' }) !== null).toBe(!playing);
}

const states = {
  loading: (s: Snapshot) => {
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(loadChart.calls.at(-1)).toEqual({ machineId: 'demo', internals: s.context.internals });
  },
  failed: () => {
    // Finding the machine failed, or laying its chart out again.
    expect(screen.getByRole('alert').textContent).toMatch(
      /There is no machine with the id "demo" in src\/machines\.|Graphviz could not lay the chart out\./,
    );
  },
  redrawing: (s: Snapshot) => {
    // The last drawing stays while the other one is laid out.
    expect(screen.getByRole('status')).toHaveTextContent('Drawing the chart again…');
    expect(internalsBox()).toHaveProperty('checked', s.context.internals);
    expect(chart().textContent?.includes('xstate.assign')).toBe(!s.context.internals);
    expect(drawChart.calls.at(-1)).toEqual({ machineId: 'demo', internals: s.context.internals });
  },
  'ready.browsing': (s: Snapshot) => {
    assertReady(s);
    expect(screen.queryByTestId('step-status')).toBeNull();
    expect(marked('active')).toEqual([]);
  },
  'ready.stepping.playing': (s: Snapshot) => assertStep(s, true),
  'ready.stepping.paused': (s: Snapshot) => assertStep(s, false),
};

const renderPage = (clock?: SimulatedClock) =>
  render(
    <ChartPage
      machineId="demo"
      logic={qaChartMachine.provide({ actors: { loadChart: loadChart.logic, drawChart: drawChart.logic } })}
      clock={clock}
    />,
  );

describe('qaChart: the studio chart page follows the chart', () => {
  it.for(paths.map((p) => [pathName(p), p] as const))('%s', async ([, path]) => {
    const user = userEvent.setup();
    const clock = new SimulatedClock();
    renderPage(clock);
    await path.test({
      events: {
        'xstate.done.actor.loadChart': ({ event }) => act(() => loadChart.resolve((event as unknown as { output: QaChartLoaded }).output)),
        'xstate.error.actor.loadChart': () => act(() => loadChart.reject(new Error(FAILURE))),
        'xstate.done.actor.drawChart': ({ event }) => act(() => drawChart.resolve((event as unknown as { output: string }).output)),
        'xstate.error.actor.drawChart': () => act(() => drawChart.reject(new Error(DRAW_FAILURE))),
        'chart.retry': () => user.click(screen.getByRole('button', { name: 'Retry' })),
        'chart.internals': () => user.click(internalsBox()),
        'state.select': () => user.click(stateEl('demo.idle')),
        'state.clear': () => user.click(screen.getByRole('button', { name: 'Close details' })),
        'path.step': () => user.click(screen.getByRole('button', { name: 'Step through: demo › go → back' })),
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
    renderPage();
    await act(() => loadChart.resolve(FIXTURE_CHART));
    (stateEl('demo.busy') as SVGElement).focus();
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('state-details')).toHaveTextContent('Invokes: work');
  });

  it('a click on a compound state selects it; its details select the states inside it and the one it is part of', async () => {
    const user = userEvent.setup();
    renderPage();
    await act(() => loadChart.resolve(FIXTURE_CHART));
    await user.click(stateEl('demo'));
    const details = () => screen.getByTestId('state-details');
    expect(screen.getByRole('heading', { level: 2, name: 'demo' })).toBeInTheDocument();
    expect(stateEl('demo')).toHaveAttribute('data-selected', 'true');
    await user.click(within(details()).getByRole('button', { name: 'demo.busy' }));
    expect(screen.getByRole('heading', { level: 2, name: 'demo.busy' })).toBeInTheDocument();
    await user.click(within(details()).getByRole('button', { name: 'demo' }));
    expect(within(details()).getByText(/^States inside:/)).toHaveTextContent(/^States inside: ?demo\.idle ?demo\.busy$/);
    expect(stateEl('demo')).toHaveAttribute('data-selected', 'true');
  });

  it('covers every state and transition', () => {
    assertFullCoverage(qaChartMachine, paths, { stateTests: states, record: true, input: { machineId: 'demo' } });
  });
});
