/** One generated test path as the model tests recorded it (test/model; written to .tmp/qa-report.json). */
export interface QaPath {
  id: string;
  /** The test's name: `<test file> › <describe> › <test>`. */
  test: string;
  /** Where the test is written: its file (from the project's root) and line, when the run could tell. */
  file?: string;
  line?: number;
  /** Active state node ids at the start. */
  start: string[];
  /** Each event sent, the transitions it took and the active state node ids after it. */
  steps: Array<{ event: string; transitionIds: string[]; states: string[] }>;
  /** The state ids the test asserted something in. */
  asserted: string[];
}

export interface QaMachineReport {
  /** When the run that measured this machine ended (a run of other test files keeps this machine's entry as it was). */
  writtenAt?: string;
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

/**
 * An event type as the chart names it (`loadUser: done`, `after stepDelay`, `start`), or as XState sends it with
 * `internals` (`xstate.done.actor.loadUser`, `xstate.after.stepDelay.qaChart.ready...`, `xstate.init`).
 */
export function eventName(type: string, internals = false): string {
  if (internals) return type;
  if (type === 'xstate.init') return 'start';
  const actor = /^xstate\.(done|error)\.actor\.(.+)$/.exec(type);
  if (actor) return `${actor[2]}: ${actor[1]}`;
  const after = /^xstate\.after\.([^.]+)\./.exec(type);
  if (after) return `after ${/^\d+$/.test(after[1]) ? `${after[1]}ms` : after[1]}`;
  if (type.startsWith('xstate.done.state.')) return 'done';
  return type;
}

/** A test's name with the model tests' short event names (`done:loadUser`) as the chart names them, unless `internals`. */
export const testTitle = (name: string, internals = false) =>
  internals ? name : name.replace(/\b(done|error):([\w.*-]+)/g, '$2: $1').replace(/\bxstate\.after\.[^\s]+/g, (type) => eventName(type));

/** A path's test name, without its file when the file is shown beside it (see QaPath.file), in testTitle's words. */
export const pathTitle = (path: QaPath, internals = false) =>
  testTitle(path.file && path.test.startsWith(`${path.file} › `) ? path.test.slice(path.file.length + 3) : path.test, internals);
