import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';

/** One state node, flattened for charts/<name>.json. */
export interface ChartState {
  id: string;
  key: string;
  type: AnyStateNode['type'];
  parent: string | null;
  initial: string[];
  invoke: Array<{ id: string; src: string }>;
  tags: string[];
  description?: string;
}

/** One candidate transition, flattened for charts/<name>.json. */
export interface ChartTransition {
  /**
   * Stable across runs and unrelated edits: `<source state id>#<event type, or "always">#<n>`, n counting the
   * candidates for that event in that state from 0 (the order XState tries them).
   */
  id: string;
  source: string;
  /** What the chart writes on the edge: `post.publish`, `always`, `after 500ms`, `saveProfile: done`. */
  event: string;
  eventType: string;
  guard?: string;
  /** Empty for a targetless (internal) transition. */
  targets: string[];
  actions: string[];
  reenter: boolean;
}

const childrenOf = (node: AnyStateNode): AnyStateNode[] => Object.values(node.states as Record<string, AnyStateNode>);

function allNodes(machine: AnyStateMachine): AnyStateNode[] {
  const out: AnyStateNode[] = [];
  const visit = (node: AnyStateNode) => {
    out.push(node);
    childrenOf(node).forEach(visit);
  };
  visit(machine.root);
  return out;
}

function nameOf(thing: unknown): string {
  if (typeof thing === 'string') return thing;
  if (typeof thing === 'function') {
    const fn = thing as { name: string; type?: string; guards?: unknown[]; stateValue?: unknown };
    if (Array.isArray(fn.guards)) return `${fn.name}(${fn.guards.map(nameOf).join(', ')})`;
    if ('stateValue' in fn) return `stateIn(${JSON.stringify(fn.stateValue)})`;
    if (fn.type) return fn.type;
    return !fn.name || fn.name === 'guard' ? 'inline' : fn.name;
  }
  return String((thing as { type?: unknown } | null)?.type ?? 'inline');
}

function eventText(t: AnyTransitionDefinition): string {
  const type = t.eventType;
  if (type === '') return 'always';
  if ('delay' in t) {
    const { delay } = t as { delay: unknown };
    return `after ${typeof delay === 'number' ? `${delay}ms` : typeof delay === 'string' ? delay : '(expr)'}`;
  }
  const actor = /^xstate\.(done|error)\.actor\.(.+)$/.exec(type);
  if (actor) return `${actor[2]}: ${actor[1]}`;
  if (type.startsWith('xstate.done.state.')) return 'done';
  if (type.startsWith('xstate.snapshot.')) return `${type.slice('xstate.snapshot.'.length)}: snapshot`;
  return type;
}

/** The stable id of the n-th candidate transition for an event type in a state (see ChartTransition.id). */
export const transitionId = (source: string, eventType: string, n: number) => `${source}#${eventType || 'always'}#${n}`;

export function chartStates(machine: AnyStateMachine): ChartState[] {
  return allNodes(machine).map((node) => ({
    id: node.id,
    key: node.key,
    type: node.type,
    parent: node.parent?.id ?? null,
    initial: node.type === 'compound' ? (node.initial?.target ?? []).map((t) => t.id) : [],
    invoke: node.invoke.map((i) => ({ id: i.id, src: typeof i.src === 'string' ? i.src : 'inline' })),
    tags: [...node.tags],
    ...(node.description ? { description: node.description } : {}),
  }));
}

export function chartTransitions(machine: AnyStateMachine): ChartTransition[] {
  return allNodes(machine).flatMap((node) =>
    [...node.transitions.values(), ...(node.always ? [node.always] : [])].flatMap((list) =>
      list.map((t, index) => {
        // The last of several alternatives without a guard is the "else" branch.
        const guard = t.guard !== undefined ? nameOf(t.guard) : index > 0 && list.slice(0, index).some((x) => x.guard) ? 'else' : undefined;
        return {
          id: transitionId(node.id, t.eventType, index),
          source: node.id,
          event: eventText(t),
          eventType: t.eventType,
          ...(guard ? { guard } : {}),
          targets: (t.target ?? []).map((n) => n.id),
          actions: t.actions.map(nameOf),
          reenter: t.reenter,
        };
      }),
    ),
  );
}

const quote = (s: string) => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
const html = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const clusterId = (id: string) => quote(`cluster_${id}`);
// Edges into and out of a compound state meet invisible points inside its cluster: one for each
// direction, so the labels of a way in and a way back do not land on the same spot.
const anchorId = (id: string, side: 'tail' | 'head') => quote(`${id}::${side === 'tail' ? 'out' : 'in'}`);
const initialId = (id: string) => quote(`${id}::initial`);
/** `event [guard] / action, action`: what a transition waits for, when it may go, and what it does on the way. */
export const edgeText = (t: ChartTransition) =>
  `${t.event}${t.guard ? ` [${t.guard}]` : ''}${t.actions.length ? ` / ${t.actions.join(', ')}` : ''}`;
/** The element ids of the in-page variant (DotOptions.ids): Graphviz writes them on the SVG groups, the studio maps them to data attributes. */
export const STATE_ELEMENT_PREFIX = 's:';
export const TRANSITION_ELEMENT_PREFIX = 't:';

export interface DotOptions {
  /**
   * Give every state (node or cluster) the SVG id `s:<state id>` and every drawn edge `t:<transition id>` (a second
   * target's edge `t:<transition id>@1`), so the page can find them after Graphviz has laid them out.
   */
  ids?: boolean;
}

/** What machineToDot draws where: which states are clusters, which transition targets are edges, which written inside. */
export function chartLayout(states: ChartState[]) {
  const byId = new Map(states.map((s) => [s.id, s]));
  const children = (id: string) => states.filter((s) => s.parent === id);
  const isCluster = (id: string) => children(id).length > 0;
  const isWithin = (id: string, ancestor: string): boolean => {
    const parent = byId.get(id)?.parent;
    return parent != null && (parent === ancestor || isWithin(parent, ancestor));
  };
  // A compound state's transition to itself or to one of its own descendants has no border to
  // leave by: it is written inside the state (`event [guard] -> target`), as is a targetless one.
  const drawnInside = (t: ChartTransition, target: string) => isCluster(t.source) && (target === t.source || isWithin(target, t.source));
  /** The Graphviz node an edge leaves or enters a state by (compound states by an invisible point inside). */
  const endpoint = (id: string, side: 'tail' | 'head') => (isCluster(id) ? anchorId(id, side) : quote(id));
  return { byId, children, isCluster, isWithin, drawnInside, endpoint };
}

/** The lines written inside a state for a transition drawn there (no border to cross), one per target. */
export function insideLines(
  t: ChartTransition,
  byId: Map<string, ChartState>,
  drawnInside: (t: ChartTransition, target: string) => boolean,
) {
  if (t.targets.length === 0) return [`${edgeText(t)} (self)`];
  return t.targets
    .filter((target) => drawnInside(t, target))
    .map((target) => `${edgeText(t)} -> ${target === t.source ? 'itself' : byId.get(target)!.key}${t.reenter ? ' (reenter)' : ''}`);
}

/** A state's title plus its invokes, tags and the transitions written inside it, as a Graphviz HTML label. */
function label(state: ChartState, inside: string[], title: string, align: 'center' | 'left' = 'center'): string {
  const lines = [
    ...state.invoke.map((i) => `invoke: ${i.src}`),
    ...(state.tags.length ? [`tags: ${state.tags.join(', ')}`] : []),
    ...inside,
  ];
  const br = align === 'left' ? '<br align="left"/>' : '<br/>';
  const body = `<b>${html(title)}</b>${lines.map((l) => `${br}<font point-size="9">${html(l)}</font>`).join('')}`;
  return `<${body}${align === 'left' ? br : ''}>`;
}

/**
 * A Graphviz digraph of the machine: compound states as clusters (the regions of a parallel state
 * dashed), a filled dot marking each initial state, final states as double circles, every
 * transition an edge labelled `event [guard]` (edges leave and enter compound states at their border:
 * `compound=true` with ltail/lhead). Targetless transitions, and those of a compound state into
 * itself, are written inside the state.
 */
export function machineToDot(machine: AnyStateMachine, options: DotOptions = {}): string {
  const idOf = (prefix: string, id: string) => (options.ids ? ` id=${quote(prefix + id)}` : '');
  const states = chartStates(machine);
  const transitions = chartTransitions(machine);
  const { byId, children, isCluster, isWithin, drawnInside } = chartLayout(states);
  const insideOf = (id: string) => transitions.filter((t) => t.source === id).flatMap((t) => insideLines(t, byId, drawnInside));

  const out: string[] = [
    `digraph ${quote(machine.id)} {`,
    '  compound=true; rankdir=LR; newrank=true; nodesep=0.35; ranksep=0.45;',
    '  fontname="Helvetica"; fontsize=12;',
    '  node [shape=box style="rounded,filled" fillcolor="#f8fafc" color="#475569" fontname="Helvetica" fontsize=11];',
    '  edge [color="#475569" fontname="Helvetica" fontsize=9 arrowsize=0.7];',
  ];

  const emit = (state: ChartState, depth: number) => {
    const pad = '  '.repeat(depth);
    const tooltip = state.description ? ` tooltip=${quote(state.description)}` : '';
    if (!isCluster(state.id)) {
      const shape =
        state.type === 'final'
          ? ' shape=doublecircle fixedsize=false'
          : state.type === 'history'
            ? ' shape=circle fillcolor="#e2e8f0"'
            : '';
      const title = state.type === 'history' ? (machine.getStateNodeById(`#${state.id}`).history === 'deep' ? 'H*' : 'H') : state.key;
      out.push(
        `${pad}${quote(state.id)} [label=${label(state, insideOf(state.id), title)}${shape}${tooltip}${idOf(STATE_ELEMENT_PREFIX, state.id)}];`,
      );
      return;
    }
    const region = byId.get(state.parent ?? '')?.type === 'parallel';
    const title = state.type === 'parallel' ? `${state.key} (parallel)` : state.key;
    out.push(`${pad}subgraph ${clusterId(state.id)} {`);
    out.push(
      `${pad}  label=${label(state, insideOf(state.id), title, 'left')}; labeljust=l;${tooltip}${options.ids ? `${idOf(STATE_ELEMENT_PREFIX, state.id)};` : ''}`,
    );
    out.push(
      `${pad}  style=${quote(region ? 'rounded,dashed' : 'rounded')}; color="#64748b"; bgcolor="${depth % 2 ? '#ffffff' : '#f1f5f9'}";`,
    );
    out.push(`${pad}  ${anchorId(state.id, 'head')} [shape=point style=invis width=0 height=0 label=""];`);
    out.push(`${pad}  ${anchorId(state.id, 'tail')} [shape=point style=invis width=0 height=0 label=""];`);
    if (state.initial.length) {
      out.push(`${pad}  ${initialId(state.id)} [shape=point style=filled fillcolor="#0f172a" color="#0f172a" width=0.12 label=""];`);
    }
    children(state.id).forEach((child) => emit(child, depth + 1));
    // Keep the way in left of every child and the way out right of them, so edges cross the border
    // where they enter or leave and their labels sit outside the cluster.
    for (const child of children(state.id)) {
      const entry = isCluster(child.id) ? anchorId(child.id, 'head') : quote(child.id);
      const exit = isCluster(child.id) ? anchorId(child.id, 'tail') : quote(child.id);
      out.push(`${pad}  ${anchorId(state.id, 'head')} -> ${entry} [style=invis];`);
      out.push(`${pad}  ${exit} -> ${anchorId(state.id, 'tail')} [style=invis];`);
    }
    out.push(`${pad}}`);
  };
  emit(states[0], 1);

  const end = (id: string, other: string, side: 'tail' | 'head') => {
    if (!isCluster(id)) return { node: quote(id), attr: '' };
    // An edge may only clip at a cluster's border when its other end lies outside that cluster.
    const clip = id !== other && !isWithin(other, id);
    return { node: anchorId(id, side), attr: clip ? ` l${side}=${clusterId(id)}` : '' };
  };

  for (const state of states) {
    for (const target of state.initial) {
      const head = end(target, state.id, 'head');
      out.push(`  ${initialId(state.id)} -> ${head.node} [${head.attr.trim()}];`);
    }
  }
  for (const t of transitions) {
    t.targets.forEach((target, n) => {
      if (drawnInside(t, target)) return;
      const tail = end(t.source, target, 'tail');
      const head = end(target, t.source, 'head');
      const style = t.event === 'always' ? ' style=dashed' : '';
      const id = idOf(TRANSITION_ELEMENT_PREFIX, n ? `${t.id}@${n}` : t.id);
      out.push(`  ${tail.node} -> ${head.node} [label=${quote(edgeText(t))}${tail.attr}${head.attr}${style}${id}];`);
    });
  }
  out.push('}');
  return `${out.join('\n')}\n`;
}
