import type { AnyMachineSnapshot, AnyStateMachine, EventObject } from 'xstate';
import { chartTransitionId, createTracer, stateNodesOf, type Effect, type PathLike } from './coverage';
import { machineStateMatcher } from './model';

/** One step of a recorded path: the event sent, the transitions it took (microsteps included) and the states after. */
export interface QaStep {
  event: string;
  /** Chart-graph ids (src/qa/chart-graph.ts `transitionId`), in the order XState took them. */
  transitionIds: string[];
  /** Every active state node id after the step, all levels. */
  states: string[];
}

/** A generated test path as QA reads it on the chart (the `paths` of .tmp/qa-report.json). */
export interface QaPath {
  /** `<machine id>:<hash of its start and events>`: the same path gets the same id in every run. */
  id: string;
  /** `<test file> › <describe> › <test name>` of the test that walked it. */
  test: string;
  /** The test file (from the project's root) and the line in it that walked the path (or asserted its coverage). */
  file?: string;
  line?: number;
  start: string[];
  steps: QaStep[];
  /** The keys of the test's `states` map that matched some state of the path (what the test asserted). */
  asserted: string[];
}

/** JSON with Files and Blobs as name/size/type, so two paths differing only in a file's content differ. */
function serialize(value: unknown): string {
  try {
    return JSON.stringify(value, (_, v: unknown) =>
      typeof Blob !== 'undefined' && v instanceof Blob
        ? `blob:${(v as File).name ?? ''}:${v.size}:${v.type}`
        : typeof v === 'function'
          ? undefined
          : v,
    );
  } catch {
    return '';
  }
}

/** FNV-1a, twice with different seeds: 16 hex digits, plenty for a few hundred paths per machine. */
function hash(text: string): string {
  const run = (seed: number) => {
    let h = seed;
    for (let i = 0; i < text.length; i++) {
      h ^= text.charCodeAt(i);
      h = Math.imul(h, 0x01000193) >>> 0;
    }
    return h.toString(16).padStart(8, '0');
  };
  return run(0x811c9dc5) + run(0x050c5d1f);
}

/** The stable id of a path: its machine, where it starts (value and context) and every event it sends. */
export function pathId(machineId: string, path: PathLike): string {
  const start = path.steps[0]?.state as AnyMachineSnapshot | undefined;
  const text = serialize([start?.value, start?.context, path.steps.slice(1).map((s) => s.event)]);
  return `${machineId}:${hash(text)}`;
}

/** The keys of a `states` test map that the path's states match, in the map's order (as TestModel runs them). */
export function assertedKeys(path: PathLike, stateTests: Record<string, unknown> | undefined): string[] {
  if (!stateTests) return [];
  const keys = Object.keys(stateTests).filter((k) => k !== '*');
  const hit = new Set<string>();
  for (const step of path.steps) {
    const matched = keys.filter((k) => machineStateMatcher(step.state as AnyMachineSnapshot, k));
    matched.forEach((k) => hit.add(k));
    if (!matched.length && '*' in stateTests) hit.add('*');
  }
  return Object.keys(stateTests).filter((k) => hit.has(k));
}

/**
 * Every path replayed as QA reads it: the states at the start and after each event, and the chart-graph ids of the
 * transitions each event took. When the machine's start took eventless transitions, the path begins with an
 * `xstate.init` step listing them (its states are the start's).
 */
export function describePaths(
  machine: AnyStateMachine,
  paths: readonly PathLike[],
  options: {
    input?: unknown;
    inputs?: unknown[];
    stateTests?: Record<string, unknown>;
    test?: string;
    at?: { file: string; line: number };
  } = {},
): QaPath[] {
  const tracer = createTracer();
  const modelMachine = (paths[0]?.steps[0]?.state as AnyMachineSnapshot | undefined)?.machine ?? machine;
  const startKey = (s: unknown) => serialize([(s as AnyMachineSnapshot).value, (s as AnyMachineSnapshot).context]);
  const starts = new Map<string, Effect>();
  for (const input of options.inputs ?? [options.input]) {
    const start = tracer.initial(modelMachine, input);
    starts.set(startKey(start.snapshot), start);
  }
  const ids = (effect: Effect) => effect.transitions.map(chartTransitionId);
  // Active nodes in document order (root first), as the chart lists them.
  const order = new Map(stateNodesOf(machine).map((n, i) => [n.id, i]));
  const nodeIds = (snapshot: unknown) =>
    (snapshot as AnyMachineSnapshot)._nodes.map((n) => n.id).sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0));
  return paths.map((path) => {
    const first = path.steps[0];
    const start = first ? nodeIds(first.state) : nodeIds(path.state);
    const steps: QaStep[] = [];
    const init = first?.event.type === 'xstate.init' ? starts.get(startKey(first.state)) : undefined;
    if (init?.transitions.length) steps.push({ event: 'xstate.init', transitionIds: ids(init), states: start });
    path.steps.forEach((step, i) => {
      if (i === 0) return;
      const effect = tracer.step(path.steps[i - 1].state, step.event as EventObject);
      steps.push({ event: step.event.type, transitionIds: ids(effect), states: nodeIds(step.state) });
    });
    return {
      id: pathId(machine.id, path),
      test: options.test ?? '',
      ...options.at,
      start,
      steps,
      asserted: assertedKeys(path, options.stateTests),
    };
  });
}
