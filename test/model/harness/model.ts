import {
  TestModel,
  getAdjacencyMap,
  getShortestPaths,
  type PathGenerator,
  type StatePath,
  type Step,
  type TestModelOptions,
  type TestPath,
} from '@xstate/graph';
import type { AnyMachineSnapshot, AnyStateMachine, EventFromLogic, EventObject, InputFrom, SnapshotFrom } from 'xstate';
import { createTracer, type Effect } from './coverage';
import { assertedKeys, pathId } from './paths';
import { callSiteInTest, currentTestLabel, recordPaths } from './report';

type Snap<M extends AnyStateMachine> = SnapshotFrom<M>;

/**
 * The synthetic events that stand for an invoked actor settling (`output`/`error` reach the machine's actions), or
 * for a delayed (`after`) transition firing.
 */
export type ActorSettledEvent =
  | { type: `xstate.done.actor.${string}`; output?: unknown }
  | { type: `xstate.error.actor.${string}`; error?: unknown }
  | { type: `xstate.after.${string}` };

/** The events a model of machine M sends: the machine's own plus its invoked actors settling. */
export type ModelEvent<M extends AnyStateMachine> = EventFromLogic<M> | ActorSettledEvent;
type Ev<M extends AnyStateMachine> = ModelEvent<M>;

export type ModelOptions<M extends AnyStateMachine> = Partial<TestModelOptions<Snap<M>, Ev<M>, InputFrom<M>>> & {
  /** Every event the model may send, the synthetic `xstate.done.actor.<id>` / `xstate.error.actor.<id>` included. */
  events: ReadonlyArray<Ev<M>> | ((snapshot: Snap<M>) => ReadonlyArray<Ev<M>>);
};

/**
 * `states` keys of `path.test` match like `createTestModel`'s: `'ready.view.edit'` (snapshot.matches)
 * or `'#id'`. A bare `new TestModel(machine)` only ever runs the `'*'` key.
 */
export function machineStateMatcher(snapshot: AnyMachineSnapshot, key: string): boolean {
  return key.startsWith('#') ? snapshot._nodes.some((n) => n.id === key.slice(1)) : snapshot.matches(key);
}

/**
 * A TestModel whose paths, once their `test` has passed, note in the run's paths file which test walked them and
 * which state keys they asserted (for .tmp/qa-report.json). Every path of the model runs through `testPath`, whatever
 * generated it (coveringPaths, getShortestPaths, getPathsFromEvents).
 */
class RecordingTestModel<TSnapshot extends AnyMachineSnapshot, TEvent extends EventObject, TInput> extends TestModel<
  TSnapshot,
  TEvent,
  TInput
> {
  override async testPath(...args: Parameters<TestModel<TSnapshot, TEvent, TInput>['testPath']>) {
    // Where the test called it, taken before the path runs: the stack of the call is still the test's own.
    const at = callSiteInTest();
    const result = await super.testPath(...args);
    const [path, params] = args;
    const machineId = (path.steps[0]?.state ?? path.state).machine.id;
    recordPaths({
      machineId,
      ran: { id: pathId(machineId, path), test: currentTestLabel(), asserted: assertedKeys(path, params.states), ...at },
    });
    return result;
  }
}

/** `new TestModel(machine, options)` with the state matcher above, recording the paths its tests walk. */
export function createModel<M extends AnyStateMachine>(machine: M, options: ModelOptions<M>): TestModel<Snap<M>, Ev<M>, InputFrom<M>> {
  return new RecordingTestModel<Snap<M>, Ev<M>, InputFrom<M>>(
    machine as never,
    {
      stateMatcher: machineStateMatcher as (s: Snap<M>, key: string) => boolean,
      ...options,
    } as Partial<TestModelOptions<Snap<M>, Ev<M>, InputFrom<M>>>,
  );
}

/** The part of TestModel used here, so models built from `xstate/graph` fit too. */
interface PathSource<TSnapshot extends AnyMachineSnapshot, TEvent extends EventObject> {
  // Any input: each machine's own input type must fit here, and function parameters are checked contravariantly.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  getPaths(generator: PathGenerator<TSnapshot, TEvent, any>, options?: object): Array<TestPath<TSnapshot, TEvent>>;
}

const INIT = { type: 'xstate.init' };

/**
 * The shortest path to every distinct state, plus, for every transition those paths never take (a
 * way back to an earlier state, a self-transition, a guard's other branch), the shortest path that
 * reaches a state where the event takes it, followed by that event. Paths that are a prefix of
 * another are dropped (comparing events with the model's `serializeEvent`).
 *
 * `minimal: true` skips the shortest paths: only paths that take some transition or enter some state
 * node for the first time. Fewer renders, but distinct contexts of one state (an error shown or not)
 * are no longer each visited.
 */
export function coveringPaths<TSnapshot extends AnyMachineSnapshot, TEvent extends EventObject>(
  model: PathSource<TSnapshot, TEvent>,
  options: { allowDuplicatePaths?: boolean; minimal?: boolean } = {},
): Array<TestPath<TSnapshot, TEvent>> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as in PathSource above
  const generator: PathGenerator<TSnapshot, TEvent, any> = (logic, traversal) => {
    const tracer = createTracer();
    const transitions = new Set<string>();
    const nodes = new Set<string>();
    const learn = (effect: Effect) => {
      const fresh = effect.transitions.some((t) => !transitions.has(t)) || effect.nodes.some((n) => !nodes.has(n));
      effect.transitions.forEach((t) => transitions.add(t));
      effect.nodes.forEach((n) => nodes.add(n));
      return fresh;
    };
    if (!traversal.fromState) learn(tracer.initial(logic as unknown as AnyStateMachine, traversal.input));
    const shortest = options.minimal
      ? []
      : (getShortestPaths(logic as never, traversal as never) as unknown as Array<StatePath<TSnapshot, TEvent>>);
    for (const path of shortest) path.steps.forEach((step, i) => i > 0 && learn(tracer.step(path.steps[i - 1].state, step.event)));

    // Breadth-first over the model's graph: the shortest route (state before, event) to every state.
    const serialize = traversal.serializeState!;
    const adjacency = getAdjacencyMap(logic, traversal);
    const [start] = Object.keys(adjacency);
    const routes = new Map<string, Array<Step<TSnapshot, TEvent>>>([[start, []]]);
    const extra: Array<StatePath<TSnapshot, TEvent>> = [];
    for (const key of routes.keys()) {
      const { state, transitions: edges } = adjacency[key as keyof typeof adjacency];
      for (const { event, state: next } of Object.values(edges)) {
        const route = [...routes.get(key)!, { state, event }];
        const nextKey = serialize(next, event, state);
        if (!routes.has(nextKey) && nextKey in adjacency) routes.set(nextKey, route);
        if (learn(tracer.step(state, event))) extra.push({ state: next, steps: toTestSteps(route, next), weight: route.length });
      }
    }
    const all = [...shortest, ...extra];
    return options.allowDuplicatePaths ? all : withoutPrefixes(all, traversal.serializeEvent ?? JSON.stringify);
  };
  // TestModel's own de-duplication compares events with JSON.stringify, ignoring `serializeEvent`:
  // two events differing only in a File (JSON `{}`) would look alike, so it is done here instead.
  return model.getPaths(generator, { allowDuplicatePaths: true });
}

/** Drops every path whose events are the start of another path's. */
function withoutPrefixes<TPath extends { steps: Array<{ event: EventObject }> }>(
  paths: TPath[],
  serializeEvent: (e: never) => string,
): TPath[] {
  const kept: Array<{ path: TPath; events: string[] }> = [];
  for (const path of [...paths].sort((a, b) => b.steps.length - a.steps.length)) {
    const events = path.steps.map((s) => serializeEvent(s.event as never));
    if (!kept.some((k) => events.every((e, i) => k.events[i] === e))) kept.push({ path, events });
  }
  return kept.map((k) => k.path);
}

/** The step shape TestModel paths use: each step is the state reached and the event that led there. */
function toTestSteps<TSnapshot extends AnyMachineSnapshot, TEvent extends EventObject>(
  route: Array<Step<TSnapshot, TEvent>>,
  end: TSnapshot,
): Array<Step<TSnapshot, TEvent>> {
  return [
    ...route.map((step, i) => ({ state: step.state, event: i === 0 ? (INIT as TEvent) : route[i - 1].event })),
    { state: end, event: route.at(-1)!.event },
  ];
}

/** A short, readable test name for a path: its events in order (the default description embeds whole contexts). */
export const pathName = (path: { steps: Array<{ event: { type: string } }> }) =>
  path.steps
    .slice(1)
    .map((s) => s.event.type.replace(/^xstate\.(done|error)\.actor\./, '$1:'))
    .join(' → ') || '(start)';
