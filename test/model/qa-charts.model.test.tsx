import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { SnapshotFrom } from 'xstate';
import { afterEach, describe, expect, it } from 'vitest';
import { qaChartsMachine, type QaChartsLoaded } from '../../src/machines/qa-charts/qa-charts.machine';
import { ChartsPage } from '../../src/views/qa/ChartsPage';
import { assertFullCoverage, controlledPromise, coveringPaths, createModel, pathName, type ModelEvent } from './harness';
import { FIXTURE_REPORT } from './qa-fixture';

type Snapshot = SnapshotFrom<typeof qaChartsMachine>;
type Event = ModelEvent<typeof qaChartsMachine>;
const CHARTS = [
  { id: 'demo', states: 3, transitions: 2 },
  { id: 'other', states: 4, transitions: 5 },
];
const TESTED: QaChartsLoaded = { charts: CHARTS, report: FIXTURE_REPORT };
const UNTESTED: QaChartsLoaded = { charts: CHARTS, report: null };
const FAILURE = 'The test report could not be read (500).';

const events = (s: Snapshot): Event[] =>
  s.matches('loading')
    ? [
        { type: 'xstate.done.actor.loadCharts', output: TESTED },
        { type: 'xstate.done.actor.loadCharts', output: UNTESTED },
        { type: 'xstate.error.actor.loadCharts', error: new Error(FAILURE) },
      ]
    : s.matches('failed')
      ? [{ type: 'charts.retry' }]
      : [];
const model = createModel(qaChartsMachine, { events, serializeState: (s) => JSON.stringify([s.value, !!s.context.report]) });
const paths = coveringPaths(model);

let loadCharts = controlledPromise<QaChartsLoaded, unknown>('loadCharts');
afterEach(() => {
  loadCharts = controlledPromise<QaChartsLoaded, unknown>('loadCharts');
});

const row = (id: string) => document.querySelector(`[data-machine-id="${id}"]`) as HTMLElement;
const states = {
  loading: () => {
    expect(screen.getByRole('status')).toBeInTheDocument();
  },
  failed: () => {
    expect(screen.getByRole('alert')).toHaveTextContent(FAILURE);
  },
  ready: (s: Snapshot) => {
    // Every machine by id, a link to its chart, with its counts.
    expect(within(row('demo')).getByRole('link', { name: 'demo' })).toHaveAttribute('href', '/qa/charts/demo');
    expect(row('other')).toHaveTextContent('other45');
    if (s.context.report) {
      expect(screen.getByTestId('report-note')).toHaveTextContent(
        "Coverage from the model test runs: each machine's as its last run wrote it. npm run test:model runs them alone and refreshes it.",
      );
      // When each machine's coverage was written.
      expect(row('demo')).toHaveTextContent(/^demo323 \/ 3 \(100%\)1 \/ 2 \(50%\).* ago \(1 May 2025, \d\d:\d\d\)$/);
      expect(row('other')).toHaveTextContent('other45not testednot tested–');
    } else {
      expect(screen.getByTestId('report-note')).toHaveTextContent('No test run recorded yet: run npm run test:model');
      expect(row('demo')).toHaveTextContent('demo32–––');
    }
  },
};

describe('qaCharts: the studio charts list follows the chart', () => {
  it.for(paths.map((p) => [pathName(p), p] as const))('%s', async ([, path]) => {
    const user = userEvent.setup();
    render(
      <Router hook={memoryLocation({ path: '/' }).hook} base="/qa">
        <ChartsPage logic={qaChartsMachine.provide({ actors: { loadCharts: loadCharts.logic } })} />
      </Router>,
    );
    await path.test({
      events: {
        'xstate.done.actor.loadCharts': ({ event }) =>
          act(() => loadCharts.resolve((event as unknown as { output: QaChartsLoaded }).output)),
        'xstate.error.actor.loadCharts': () => act(() => loadCharts.reject(new Error(FAILURE))),
        'charts.retry': () => user.click(screen.getByRole('button', { name: 'Retry' })),
      },
      states,
    });
  });

  it('covers every state and transition', () => {
    assertFullCoverage(qaChartsMachine, paths, { stateTests: states, record: true });
  });
});
