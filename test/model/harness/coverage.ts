import {
  createEmptyActor,
  getInitialMicrosteps,
  type AnyActorScope,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  type EventObject,
} from 'xstate';
import { transitionId } from '../../../src/qa/chart-graph';
import { describePaths } from './paths';
import { callSiteInTest, currentTestLabel, recordCoverage, recordPaths } from './report';

/** What a TestModel path looks like to the coverage code (TestPath and StatePath both fit). */
export interface PathLike {
  state: unknown;
  steps: ReadonlyArray<{ state: unknown; event: EventObject }>;
}

export interface CoverageCount {
  covered: number;
  total: number;
  /** Every uncovered id or label, ignored ones included. */
  uncovered: string[];
  /** The uncovered ones an `ignore` entry excuses. */
  ignored: string[];
}

export interface CoverageResult {
  machineId: string;
  states: CoverageCount;
  transitions: CoverageCount;
  /** Ids of the state nodes and transitions covered, transitions as charts and src/qa/chart-graph name them. */
  coveredStateIds?: string[];
  coveredTransitionIds?: string[];
}

export interface CoverageOptions {
  /** State ids (`profile.ready.avatar.shown`, `#custom`) or transition labels; `*` is a wildcard. */
  ignore?: string[];
  /** The machine's input, when its initial state depends on it (eventless transitions taken at start). */
  input?: unknown;
  /**
   * Several inputs, for paths generated from several models of one machine (one per input): each
   * path's start is matched to the input it began with, so one assertion covers them all.
   */
  inputs?: unknown[];
}

export interface AssertCoverageOptions extends CoverageOptions {
  /**
   * Append the result to the run's coverage report (see report.ts) even when the assertion fails, and the paths
   * (replayed, with the transitions each step took) to the run's paths file, for .tmp/qa-report.json.
   */
  record?: boolean;
  /**
   * The `states` map given to `path.test`. When present, every atomic or final state some path rests
   * in must be named by a key (`'a.b'` or `'#id'`, a parent counts for its children): a state with
   * no assertion is a test that cannot fail.
   */
  stateTests?: Record<string, unknown>;
}

export interface TransitionInfo {
  /** `<source id> --<event>[<guard> | #<index>]--> <target ids>` */
  label: string;
  key: string;
  transition: AnyTransitionDefinition;
}

const nodesOf = (snapshot: unknown): AnyStateNode[] => (snapshot as AnyMachineSnapshot)._nodes;

/** Every node of the machine's tree, root first, in document order. */
export function stateNodesOf(machine: AnyStateMachine): AnyStateNode[] {
  const out: AnyStateNode[] = [];
  const visit = (node: AnyStateNode) => {
    out.push(node);
    Object.values(node.states as Record<string, AnyStateNode>).forEach(visit);
  };
  visit(machine.root);
  return out;
}

export function guardName(guard: unknown): string | undefined {
  if (guard === undefined) return undefined;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') {
    const fn = guard as { name: string; guards?: unknown[]; stateValue?: unknown };
    if (Array.isArray(fn.guards)) return `${fn.name}(${fn.guards.map(guardName).join(', ')})`;
    if ('stateValue' in fn) return `stateIn(${JSON.stringify(fn.stateValue)})`;
    return !fn.name || fn.name === 'guard' ? 'inline' : fn.name;
  }
  return String((guard as { type?: unknown }).type ?? 'guard');
}

export function eventLabel(transition: AnyTransitionDefinition): string {
  if (transition.eventType === '') return 'always';
  if ('delay' in transition) {
    const { delay } = transition as { delay: unknown };
    return `after ${typeof delay === 'number' ? `${delay}ms` : typeof delay === 'string' ? delay : 'expr'}`;
  }
  return transition.eventType;
}

const candidatesOf = (node: AnyStateNode): AnyTransitionDefinition[][] => [
  ...node.transitions.values(),
  ...(node.always ? [node.always] : []),
];

const keyOf = (transition: AnyTransitionDefinition): string => {
  const { source } = transition;
  const list = source.always?.includes(transition) ? source.always : source.transitions.get(transition.eventType);
  const index = list?.indexOf(transition) ?? -1;
  if (index < 0) throw new Error(`coverage: cannot place transition ${transition.eventType} of ${source.id}`);
  return `${source.id}\u0000${transition.eventType}\u0000${index}`;
};

/** The chart-graph id (`<source>#<event type or always>#<n>`) of a transition key: both count candidates the same way. */
export function chartTransitionId(key: string): string {
  const [source, eventType, index] = key.split('\u0000');
  return transitionId(source, eventType, Number(index));
}

/** Every candidate transition of every state node: `on`, invoke onDone/onError, `after`, `always`, `onDone`. */
export function transitionsOf(machine: AnyStateMachine): TransitionInfo[] {
  const out: TransitionInfo[] = [];
  for (const node of stateNodesOf(machine)) {
    for (const list of candidatesOf(node)) {
      const guards = list.map((t) => guardName(t.guard));
      list.forEach((t, index) => {
        const guard = guards[index];
        const unique = guard !== undefined && guards.indexOf(guard) === guards.lastIndexOf(guard);
        const choice = guard === undefined ? `#${index}` : unique ? guard : `${guard}#${index}`;
        const targets = t.target?.length ? t.target.map((n) => n.id).join(', ') : t.reenter ? '(self, reenter)' : '(self)';
        out.push({ label: `${node.id} --${eventLabel(t)}[${choice}]--> ${targets}`, key: keyOf(t), transition: t });
      });
    }
  }
  return out;
}

export interface Effect {
  /** Keys (see `TransitionInfo.key`) of the transitions taken. */
  transitions: string[];
  /** Ids of every state node active at some microstep, transient ones included. */
  nodes: string[];
  snapshot: AnyMachineSnapshot;
  microsteps: number;
}

/**
 * Replays one step of a path and reports what XState did: the transitions it selected (the event's,
 * then every eventless or raised one of the macrostep) and every state node entered on the way.
 * XState reports each microstep with the transitions it took to the system's inspection hook; an
 * inert actor scope whose system catches that hook gives the answer without running any action.
 */
export function createTracer() {
  let listener: ((snapshot: AnyMachineSnapshot, transitions: AnyTransitionDefinition[]) => void) | undefined;
  const self = createEmptyActor();
  const system = Object.create(self.system) as typeof self.system;
  (system as unknown as { _sendInspectionEvent: (e: unknown) => void })._sendInspectionEvent = (e) => {
    const event = e as { type: string; snapshot: AnyMachineSnapshot; _transitions: AnyTransitionDefinition[] };
    if (event.type === '@xstate.microstep') listener?.(event.snapshot, event._transitions);
  };
  const scope = {
    self,
    system,
    id: '',
    sessionId: '',
    logger: () => {},
    defer: () => {},
    stopChild: () => {},
    emit: () => {},
    actionExecutor: () => {},
  } as unknown as AnyActorScope;

  const run = (go: () => AnyMachineSnapshot): Effect => {
    const transitions = new Set<string>();
    const nodes = new Set<string>();
    let microsteps = 0;
    listener = (snapshot, taken) => {
      microsteps++;
      taken.forEach((t) => transitions.add(keyOf(t)));
      nodesOf(snapshot).forEach((n) => nodes.add(n.id));
    };
    try {
      const snapshot = go();
      nodesOf(snapshot).forEach((n) => nodes.add(n.id));
      return { transitions: [...transitions], nodes: [...nodes], snapshot, microsteps };
    } finally {
      listener = undefined;
    }
  };

  const cache = new WeakMap<object, Map<EventObject, Effect>>();
  return {
    step(before: unknown, event: EventObject): Effect {
      const snapshot = before as AnyMachineSnapshot;
      const known = cache.get(snapshot) ?? new Map<EventObject, Effect>();
      cache.set(snapshot, known);
      let effect = known.get(event);
      if (!effect) {
        effect = run(() => snapshot.machine.transition(snapshot, event, scope));
        if (effect.microsteps === 0) {
          throw new Error('coverage: XState reported no microstep; its inspection internals changed (see createTracer)');
        }
        known.set(event, effect);
      }
      return effect;
    },
    initial(machine: AnyStateMachine, input?: unknown): Effect {
      const effect = run(() => machine.getInitialSnapshot(scope, input));
      // The first microstep (entering the initial states) is not reported: take its nodes from XState's own list.
      const first = (getInitialMicrosteps as (m: AnyStateMachine, i?: unknown) => Array<[AnyMachineSnapshot, unknown]>)(machine, input);
      first.forEach(([s]) => nodesOf(s).forEach((n) => effect.nodes.push(n.id)));
      return effect;
    },
  };
}

function matcher(patterns: string[]) {
  const regexps = patterns.map((p) => {
    const plain = p.startsWith('#') && !p.includes(' ') ? p.slice(1) : p;
    return new RegExp(
      `^${plain
        .split('*')
        .map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
        .join('.*')}$`,
    );
  });
  return {
    test: (s: string) => regexps.some((r) => r.test(s)),
    unused: (all: string[]) => patterns.filter((_, i) => !all.some((s) => regexps[i].test(s))),
  };
}

/** Which state nodes and transitions of `machine` the paths go through. Never throws for gaps. */
export function measureCoverage(machine: AnyStateMachine, paths: readonly PathLike[], options: CoverageOptions = {}): CoverageResult {
  const tracer = createTracer();
  const nodes = new Set<string>();
  const taken = new Set<string>();
  const add = (effect: Effect) => {
    effect.nodes.forEach((n) => nodes.add(n));
    effect.transitions.forEach((t) => taken.add(t));
  };
  // Eventless transitions taken on start belong to every path that starts where the machine does.
  const modelMachine = (paths[0]?.steps[0]?.state as AnyMachineSnapshot | undefined)?.machine ?? machine;
  const startKey = (s: unknown) => {
    const { value, context } = s as AnyMachineSnapshot;
    try {
      return JSON.stringify([value, context]);
    } catch {
      return JSON.stringify(value);
    }
  };
  for (const input of options.inputs ?? [options.input]) {
    const start = tracer.initial(modelMachine, input);
    const key = startKey(start.snapshot);
    if (paths.some((p) => p.steps[0]?.event.type === 'xstate.init' && startKey(p.steps[0].state) === key)) add(start);
  }

  for (const path of paths) {
    path.steps.forEach((step, i) => {
      nodesOf(step.state).forEach((n) => nodes.add(n.id));
      if (i > 0) add(tracer.step(path.steps[i - 1].state, step.event));
    });
    nodesOf(path.state).forEach((n) => nodes.add(n.id));
  }

  const ignore = matcher(options.ignore ?? []);
  const count = (all: string[], isCovered: (s: string) => boolean): CoverageCount => {
    const uncovered = all.filter((s) => !isCovered(s));
    return { covered: all.length - uncovered.length, total: all.length, uncovered, ignored: uncovered.filter(ignore.test) };
  };
  const stateIds = stateNodesOf(machine)
    .filter((n) => n.type !== 'history')
    .map((n) => n.id);
  const transitions = transitionsOf(machine);
  const labels = new Map(transitions.map((t) => [t.key, t.label]));
  const strangers = [...taken].filter((k) => !labels.has(k));
  if (strangers.length)
    throw new Error(
      `coverage: the paths took transitions machine "${machine.id}" does not have; were they generated from another machine?`,
    );
  const coveredLabels = new Set([...taken].map((k) => labels.get(k)));
  return {
    machineId: machine.id,
    coveredStateIds: stateIds.filter((id) => nodes.has(id)),
    coveredTransitionIds: transitions.filter((t) => taken.has(t.key)).map((t) => chartTransitionId(t.key)),
    states: count(stateIds, (id) => nodes.has(id)),
    transitions: count(
      transitions.map((t) => t.label),
      (label) => coveredLabels.has(label),
    ),
  };
}

/** State nodes some path rests in that no key of the `states` test map names. */
export function statesWithoutAssertion(
  machine: AnyStateMachine,
  paths: readonly PathLike[],
  stateTests: Record<string, unknown>,
): string[] {
  const named = Object.keys(stateTests)
    .filter((key) => key !== '*')
    .map((key) => (key.startsWith('#') ? machine.getStateNodeById(key) : stateNodesOf(machine).find((n) => n.path.join('.') === key)))
    .filter((n): n is AnyStateNode => Boolean(n))
    .map((n) => n.id);
  const isNamed = (node: AnyStateNode): boolean => named.includes(node.id) || (node.parent ? isNamed(node.parent) : false);
  const resting = new Map<string, AnyStateNode>();
  for (const path of paths) {
    for (const step of path.steps) nodesOf(step.state).forEach((n) => resting.set(n.id, n));
  }
  return [...resting.values()].filter((n) => (n.type === 'atomic' || n.type === 'final') && !isNamed(n)).map((n) => n.id);
}

/**
 * Throws unless the paths cover every state node and every transition of the machine (minus
 * `ignore`), listing what is missing. Returns the measured coverage.
 */
export function assertFullCoverage(
  machine: AnyStateMachine,
  paths: readonly PathLike[],
  options: AssertCoverageOptions = {},
): CoverageResult {
  const result = measureCoverage(machine, paths, options);
  if (options.record) {
    recordCoverage(result);
    recordPaths({
      machineId: machine.id,
      paths: describePaths(machine, paths, { ...options, test: currentTestLabel(), at: callSiteInTest() }),
    });
  }
  const problems: string[] = [];
  const missingStates = result.states.uncovered.filter((s) => !result.states.ignored.includes(s));
  const missingTransitions = result.transitions.uncovered.filter((t) => !result.transitions.ignored.includes(t));
  if (missingStates.length) problems.push('Uncovered states:', ...missingStates.map((s) => `  - ${s}`));
  if (missingTransitions.length) problems.push('Uncovered transitions:', ...missingTransitions.map((t) => `  - ${t}`));
  const everything = [...stateNodesOf(machine).map((n) => n.id), ...transitionsOf(machine).map((t) => t.label)];
  const stale = matcher(options.ignore ?? []).unused(everything);
  if (stale.length) problems.push('`ignore` entries that match nothing in the machine:', ...stale.map((s) => `  - ${s}`));
  if (options.stateTests) {
    const unasserted = statesWithoutAssertion(machine, paths, options.stateTests);
    if (unasserted.length) problems.push('States reached with no key in `states` to assert them:', ...unasserted.map((s) => `  - ${s}`));
  }
  if (problems.length) {
    const { states, transitions } = result;
    throw new Error(
      [
        `Model coverage of machine "${result.machineId}" is incomplete (states ${states.covered}/${states.total}, transitions ${transitions.covered}/${transitions.total}).`,
        ...problems,
        'Generate paths with coveringPaths(model), list the missing events in the model, or excuse deliberate gaps with `ignore`.',
      ].join('\n'),
    );
  }
  return result;
}
