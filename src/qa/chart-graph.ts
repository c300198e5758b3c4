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

const quote = (s: string) => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`;
const html = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const clusterId = (id: string) => quote(`cluster_${id}`);
// Edges into and out of a compound state meet invisible points inside its cluster: one for each
// direction, so the labels of a way in and a way back do not land on the same spot.
const anchorId = (id: string, side: 'tail' | 'head') => quote(`${id}::${side === 'tail' ? 'out' : 'in'}`);
const initialId = (id: string) => quote(`${id}::initial`);

/** XState's own action (`xstate.assign`, `xstate.raise`...): an implementation detail QA may hide. */
export const isInternalAction = (action: string) => action.startsWith('xstate.');

/**
 * `event [guard] / action, action`: what a transition waits for, when it may go, and what it does on the way. Without
 * `internals`, XState's own actions (`xstate.assign`...) are left out.
 */
export const edgeText = (t: ChartTransition, internals = true) => {
  const actions = internals ? t.actions : t.actions.filter((a) => !isInternalAction(a));
  return `${t.event}${t.guard ? ` [${t.guard}]` : ''}${actions.length ? ` / ${actions.join(', ')}` : ''}`;
};
/** An edge's label: `event [guard]` over `/ actions` (two short lines lay a chart out narrower than one long one). */
export const edgeLabel = (t: ChartTransition, internals = true) => edgeText(t, internals).replace(' / ', '\n/ ');
/** The element ids of the in-page variant (DotOptions.ids): Graphviz writes them on the SVG groups, the studio maps them to data attributes. */
export const STATE_ELEMENT_PREFIX = 's:';
export const TRANSITION_ELEMENT_PREFIX = 't:';
/** The id of the machine's own initial point in the in-page variant: where a chart too large to show whole is shown from. */
export const START_ELEMENT_ID = 'start';
/** Graphviz's prefix for the group of an HTML label's cell that has an id (a transition listed on its state). */
export const CELL_ELEMENT_PREFIX = 'a_';

export interface DotOptions {
  /**
   * Give every state (node or cluster) the SVG id `s:<state id>` and every transition `t:<transition id>` (a second
   * target's edge `t:<transition id>@1`; one listed on its state, the group of its line), so the page can find them
   * after Graphviz has laid them out.
   */
  ids?: boolean;
  /** Labels with XState's own actions (`xstate.assign`...), as by default; see edgeText. */
  internals?: boolean;
}

/** What machineToDot draws where: which states are clusters, which transitions are edges and which are listed on their state. */
export function chartLayout(states: ChartState[]) {
  const byId = new Map(states.map((s) => [s.id, s]));
  const children = (id: string) => states.filter((s) => s.parent === id);
  const isCluster = (id: string) => children(id).length > 0;
  const isWithin = (id: string, ancestor: string): boolean => {
    const parent = byId.get(id)?.parent;
    return parent != null && (parent === ancestor || isWithin(parent, ancestor));
  };
  // A compound state's transition to itself has no border to cross and no node to loop on: it is listed on the
  // state (`event [guard] -> itself`), as is a targetless one. One into its own descendants is an edge from inside it.
  const drawnInside = (t: ChartTransition, target: string) => isCluster(t.source) && target === t.source;
  /** The Graphviz node an edge leaves or enters a state by (compound states by an invisible point inside). */
  const endpoint = (id: string, side: 'tail' | 'head') => (isCluster(id) ? anchorId(id, side) : quote(id));
  return { byId, children, isCluster, isWithin, drawnInside, endpoint };
}

/** The transitions listed on a state (no edge to draw), one entry per target, each with the line written for it. */
export function insideLines(t: ChartTransition, drawnInside: (t: ChartTransition, target: string) => boolean, internals = true): string[] {
  if (t.targets.length === 0) return [`${edgeText(t, internals)} (self)`];
  return t.targets
    .filter((target) => drawnInside(t, target))
    .map(() => `${edgeText(t, internals)} -> itself${t.reenter ? ' (reenter)' : ''}`);
}

/** A line listed on a state: a transition's (with its element id when asked for) or an invoke's or the tags. */
interface LabelLine {
  text: string;
  transitionId?: string;
}

/**
 * A state's title plus its invokes, tags and the transitions listed on it, as a Graphviz HTML label: a table, so that
 * each transition's line can carry its id (Graphviz writes a cell's id on its SVG group when the cell has a tooltip).
 */
function label(state: ChartState, lines: LabelLine[], title: string, align: 'center' | 'left' = 'center'): string {
  const all: LabelLine[] = [
    ...state.invoke.map((i) => ({ text: `invoke: ${i.src}` })),
    ...(state.tags.length ? [{ text: `tags: ${state.tags.join(', ')}` }] : []),
    ...lines,
  ];
  if (!all.length) return `<<b>${html(title)}</b>>`;
  const cell = (l: LabelLine) =>
    `<tr><td align="${align}"${l.transitionId ? ` id="${html(TRANSITION_ELEMENT_PREFIX + l.transitionId)}" tooltip="${html(l.text)}"` : ''}><font point-size="9">${html(l.text)}</font></td></tr>`;
  return `<<table border="0" cellborder="0" cellspacing="0" cellpadding="1"><tr><td align="${align}"><b>${html(title)}</b></td></tr>${all.map(cell).join('')}</table>>`;
}

/**
 * A Graphviz digraph of the machine: compound states as clusters (the regions of a parallel state
 * dashed), a filled dot marking each initial state, final states as double circles, every
 * transition an edge labelled `event [guard]` (edges leave and enter compound states at their border:
 * `compound=true` with ltail/lhead; a compound state's edges to its own descendants start inside it).
 * Targetless transitions, and those of a compound state into itself, are listed on the state.
 */
export function machineToDot(machine: AnyStateMachine, options: DotOptions = {}): string {
  const idOf = (prefix: string, id: string) => (options.ids ? ` id=${quote(prefix + id)}` : '');
  const states = chartStates(machine);
  const transitions = chartTransitions(machine);
  const { byId, children, isCluster, isWithin, drawnInside } = chartLayout(states);
  const internals = options.internals ?? true;
  const insideOf = (id: string): LabelLine[] =>
    transitions
      .filter((t) => t.source === id)
      .flatMap((t) => insideLines(t, drawnInside, internals).map((text) => ({ text, ...(options.ids ? { transitionId: t.id } : {}) })));

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
      const start = depth === 1 && options.ids ? ` id=${quote(START_ELEMENT_ID)}` : '';
      out.push(
        `${pad}  ${initialId(state.id)} [shape=point style=filled fillcolor="#0f172a" color="#0f172a" width=0.12 label=""${start}];`,
      );
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
  // A compound state's transition into its own descendant ("from any of its states") leaves by the point its ways in
  // start from, left of its children, and does not move them: the layout stays the one of its ordinary edges.
  const inward = (t: ChartTransition, target: string) => isCluster(t.source) && isWithin(target, t.source);

  for (const state of states) {
    for (const target of state.initial) {
      const head = end(target, state.id, 'head');
      out.push(`  ${initialId(state.id)} -> ${head.node} [${head.attr.trim()}];`);
    }
  }
  for (const t of transitions) {
    t.targets.forEach((target, n) => {
      if (drawnInside(t, target)) return;
      // A hollow dot where it starts: "from anywhere in this state".
      const tail = inward(t, target)
        ? { node: anchorId(t.source, 'head'), attr: ' constraint=false dir=both arrowtail=odot' }
        : end(t.source, target, 'tail');
      const head = end(target, t.source, 'head');
      const style = t.event === 'always' ? ' style=dashed' : '';
      const id = idOf(TRANSITION_ELEMENT_PREFIX, n ? `${t.id}@${n}` : t.id);
      out.push(`  ${tail.node} -> ${head.node} [label=${quote(edgeLabel(t, internals))}${tail.attr}${head.attr}${style}${id}];`);
    });
  }
  out.push('}');
  return `${out.join('\n')}\n`;
}
