/** One generated test path as the model tests recorded it (test/model; written to .tmp/qa-report.json). */
export interface QaPath {
  id: string;
  /** The test's name. */
  test: string;
  /** Active state node ids at the start. */
  start: string[];
  /** Each event sent, the transitions it took and the active state node ids after it. */
  steps: Array<{ event: string; transitionIds: string[]; states: string[] }>;
  /** The state ids the test asserted something in. */
  asserted: string[];
}

export interface QaMachineReport {
  states: { covered: number; total: number };
  transitions: { covered: number; total: number };
  coveredStateIds: string[];
  coveredTransitionIds: string[];
  paths: QaPath[];
}

/** The last model test run: coverage and paths per machine id. */
export interface QaReport {
  generatedAt: string;
  machines: Record<string, QaMachineReport>;
}

/** The active states after step `index` of a path (0: its start). */
export const statesAtStep = (path: QaPath, index: number): string[] => (index === 0 ? path.start : (path.steps[index - 1]?.states ?? []));

/** The transitions taken by the event of step `index` (none at the start). */
export const transitionsAtStep = (path: QaPath, index: number): string[] =>
  index === 0 ? [] : (path.steps[index - 1]?.transitionIds ?? []);

/** The paths that pass through a state (at their start or after any step). */
export const pathsReaching = (paths: QaPath[], stateId: string): QaPath[] =>
  paths.filter((p) => p.start.includes(stateId) || p.steps.some((s) => s.states.includes(stateId)));

/** The innermost of a list of active state ids (a state's ancestors are active with it). */
export const innermost = (ids: string[]): string[] => ids.filter((id) => !ids.some((other) => other.startsWith(`${id}.`)));
