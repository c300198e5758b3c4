import type { AnyStateMachine } from 'xstate';
import { chartLayout, chartStates, chartTransitions, edgeLabel, type ChartState, type ChartTransition } from './chart-graph';
import { markedDot, quoteDot, type Mark } from './chart-marks';

/** A machine's chart as compared: its flat states and transitions (what charts/<name>.json holds). */
export interface ChartShape {
  id: string;
  states: ChartState[];
  transitions: ChartTransition[];
}

export interface ChangedTransition {
  id: string;
  before: ChartTransition;
  after: ChartTransition;
  /** `target a → b`, `guard x → y`, `actions [a] → [b]`, `reenter false → true`. */
  changes: string[];
}

export interface ChartDiff {
  id: string;
  status: 'new' | 'removed' | 'changed' | 'unchanged';
  addedStates: ChartState[];
  removedStates: ChartState[];
  addedTransitions: ChartTransition[];
  removedTransitions: ChartTransition[];
  changedTransitions: ChangedTransition[];
}

export const shapeOf = (machine: AnyStateMachine): ChartShape => ({
  id: machine.id,
  states: chartStates(machine),
  transitions: chartTransitions(machine),
});

const list = (xs: string[]) => `[${xs.join(', ')}]`;

/** What changed in a transition kept under the same id (same source, event and index): target, guard, actions. */
function transitionChanges(before: ChartTransition, after: ChartTransition): string[] {
  const out: string[] = [];
  if (before.targets.join() !== after.targets.join()) {
    const text = (t: ChartTransition) => (t.targets.length ? t.targets.join(', ') : '(self)');
    out.push(`target ${text(before)} → ${text(after)}`);
  }
  if ((before.guard ?? '') !== (after.guard ?? '')) out.push(`guard ${before.guard ?? '(none)'} → ${after.guard ?? '(none)'}`);
  if (before.actions.join() !== after.actions.join()) out.push(`actions ${list(before.actions)} → ${list(after.actions)}`);
  if (before.reenter !== after.reenter) out.push(`reenter ${before.reenter} → ${after.reenter}`);
  return out;
}

/**
 * Compares two versions of a chart: states by id, transitions by their stable id (`<source>#<event>#<n>`, so
 * matched by source, event and index). A transition kept under its id with another target, guard or actions is
 * changed. Either side may be missing: the machine is new or removed.
 */
export function diffCharts(before: ChartShape | undefined, after: ChartShape | undefined): ChartDiff {
  const id = (after ?? before)!.id;
  const oldStates = new Map((before?.states ?? []).map((s) => [s.id, s]));
  const newStates = new Map((after?.states ?? []).map((s) => [s.id, s]));
  const oldTransitions = new Map((before?.transitions ?? []).map((t) => [t.id, t]));
  const newTransitions = new Map((after?.transitions ?? []).map((t) => [t.id, t]));
  const changedTransitions = [...newTransitions.values()]
    .filter((t) => oldTransitions.has(t.id))
    .map((t) => ({ id: t.id, before: oldTransitions.get(t.id)!, after: t, changes: transitionChanges(oldTransitions.get(t.id)!, t) }))
    .filter((c) => c.changes.length > 0);
  const diff = {
    id,
    addedStates: [...newStates.values()].filter((s) => !oldStates.has(s.id)),
    removedStates: [...oldStates.values()].filter((s) => !newStates.has(s.id)),
    addedTransitions: [...newTransitions.values()].filter((t) => !oldTransitions.has(t.id)),
    removedTransitions: [...oldTransitions.values()].filter((t) => !newTransitions.has(t.id)),
    changedTransitions,
  };
  const status = !before
    ? 'new'
    : !after
      ? 'removed'
      : diff.addedStates.length +
          diff.removedStates.length +
          diff.addedTransitions.length +
          diff.removedTransitions.length +
          changedTransitions.length
        ? 'changed'
        : 'unchanged';
  return { ...diff, status };
}

export const DIFF_COLOURS = { added: '#15803d', removed: '#b91c1c', changed: '#b45309' };

/**
 * The new version's chart (machineToDot) with added states and transitions in green, changed transitions in amber
 * (their label says what they were), and what was removed drawn from the old version, dashed, in red: removed
 * states inside their nearest ancestor still drawn, removed transitions between whatever now stands for their ends.
 */
export function diffDot(after: AnyStateMachine, diff: ChartDiff): string {
  const states = chartStates(after);
  const { byId, isCluster, endpoint } = chartLayout(states);
  const present = new Set(states.map((s) => s.id));
  const removedIds = new Set(diff.removedStates.map((s) => s.id));
  const oldParent = new Map(diff.removedStates.map((s) => [s.id, s.parent]));
  const added: Mark = { color: DIFF_COLOURS.added, class: 'added' };

  // A removed state sits in its nearest ancestor that is still a cluster, labelled by its path from there.
  const insert = new Map<string, string[]>();
  for (const state of diff.removedStates) {
    let home = state.parent;
    while (home && !(present.has(home) && isCluster(home)))
      home = (present.has(home) ? byId.get(home)!.parent : oldParent.get(home)) ?? null;
    const name = home && state.id.startsWith(`${home}.`) ? state.id.slice(home.length + 1) : state.id;
    const line = `  ${quoteDot(`${state.id}::removed`)} [id=${quoteDot(`removed-state:${state.id}`)} class="removed" label=${quoteDot(`${name}\n(removed)`)} style="rounded,dashed" color=${quoteDot(DIFF_COLOURS.removed)} fontcolor=${quoteDot(DIFF_COLOURS.removed)} penwidth=2];`;
    insert.set(home ?? '', [...(insert.get(home ?? '') ?? []), line]);
  }
  const end = (id: string, side: 'tail' | 'head') =>
    removedIds.has(id) || !present.has(id) ? quoteDot(`${id}::removed`) : endpoint(id, side);
  const append = diff.removedTransitions.flatMap((t) =>
    (t.targets.length ? t.targets : [t.source]).map(
      (target, n) =>
        `  ${end(t.source, 'tail')} -> ${end(target, 'head')} [id=${quoteDot(`removed-transition:${t.id}${t.targets.length > 1 ? `:${n}` : ''}`)} class="removed" label=${quoteDot(`${edgeLabel(t)}\n(removed)`)} style=dashed color=${quoteDot(DIFF_COLOURS.removed)} fontcolor=${quoteDot(DIFF_COLOURS.removed)} penwidth=2];`,
    ),
  );

  return markedDot(after, {
    states: new Map(diff.addedStates.map((s) => [s.id, added])),
    transitions: new Map([
      ...diff.addedTransitions.map((t) => [t.id, added] as const),
      ...diff.changedTransitions.map(
        (c) =>
          [
            c.id,
            {
              color: DIFF_COLOURS.changed,
              class: 'changed',
              note: `(was: ${c.changes.join('; ').replace(/→/g, '->')})`,
              tooltip: c.changes.join('\n'),
            },
          ] as const,
      ),
    ]),
    insert,
    append,
    legend: [
      { color: DIFF_COLOURS.added, text: 'added' },
      { color: DIFF_COLOURS.removed, dashed: true, text: 'removed (from the old version)' },
      { color: DIFF_COLOURS.changed, text: 'changed (target, guard or actions)' },
    ],
  });
}

/** One machine's lines of the plain-text summary: counts, then every id added (+), removed (-) or changed (~). */
export function formatChartDiff(diff: ChartDiff, name = diff.id): string[] {
  const label = name === diff.id ? diff.id : `${name} (${diff.id})`;
  if (diff.status === 'unchanged') return [`${label}: unchanged`];
  const counts = `+${diff.addedStates.length} states, -${diff.removedStates.length} states, +${diff.addedTransitions.length} transitions, -${diff.removedTransitions.length} transitions, ~${diff.changedTransitions.length} changed`;
  const target = (t: ChartTransition) => ` → ${t.targets.length ? t.targets.join(', ') : '(self)'}`;
  if (diff.status !== 'changed') return [`${label}: ${diff.status} (${counts})`];
  return [
    `${label}: changed (${counts})`,
    ...diff.addedStates.map((s) => `  + state ${s.id}`),
    ...diff.removedStates.map((s) => `  - state ${s.id}`),
    ...diff.addedTransitions.map((t) => `  + transition ${t.id}${target(t)}`),
    ...diff.removedTransitions.map((t) => `  - transition ${t.id}${target(t)}`),
    ...diff.changedTransitions.map((c) => `  ~ transition ${c.id}: ${c.changes.join('; ')}`),
  ];
}
