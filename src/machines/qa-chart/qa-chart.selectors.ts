import type { SnapshotFrom } from 'xstate';
import { pathsReaching, statesAtStep, transitionsAtStep, type QaPath } from '../../qa/qa-report';
import type { qaChartMachine } from './qa-chart.machine';

type Snapshot = SnapshotFrom<typeof qaChartMachine>;

export const selectIsLoading = (s: Snapshot) => s.matches('loading');
export const selectFailure = (s: Snapshot) => (s.matches('failed') ? s.context.error : null);
// While it is drawn again the page keeps showing the last drawing.
export const selectChart = (s: Snapshot) => (s.matches('ready') || s.matches('redrawing') ? s.context.chart : null);
export const selectIsRedrawing = (s: Snapshot) => s.matches('redrawing');
export const selectInternals = (s: Snapshot) => s.context.internals;
export const selectReport = (s: Snapshot) => s.context.chart?.report ?? null;
export const selectPaths = (s: Snapshot): QaPath[] => s.context.chart?.report?.paths ?? [];
export const selectIsStepping = (s: Snapshot) => s.matches({ ready: 'stepping' });
export const selectIsPlaying = (s: Snapshot) => s.matches({ ready: { stepping: 'playing' } });

/** The path being stepped through, its step, and what the chart highlights at that step. */
export const selectStepping = (s: Snapshot) => {
  const path = s.matches({ ready: 'stepping' }) ? selectPaths(s).find((p) => p.id === s.context.pathId) : undefined;
  if (!path) return null;
  const { step } = s.context;
  return {
    path,
    step,
    total: path.steps.length,
    event: step > 0 ? path.steps[step - 1].event : null,
    states: statesAtStep(path, step),
    transitions: transitionsAtStep(path, step),
  };
};

/** The selected state: its chart entry, the states inside it, its transitions, and the test paths that reach it. */
export const selectSelectedState = (s: Snapshot) => {
  const chart = s.context.chart;
  const state = chart?.states.find((x) => x.id === s.context.selected);
  if (!chart || !state) return null;
  return {
    state,
    children: chart.states.filter((x) => x.parent === state.id).map((x) => x.id),
    transitions: chart.transitions.filter((t) => t.source === state.id),
    paths: pathsReaching(selectPaths(s), state.id),
  };
};
