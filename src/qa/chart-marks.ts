import type { AnyStateMachine } from 'xstate';
import { chartLayout, chartStates, chartTransitions, edgeLabel, insideLines, machineToDot } from './chart-graph';

/**
 * Colours on a chart drawn by machineToDot, for coverage (`npm run charts` with a test report) and diffs
 * (`npm run charts -- --diff <ref>`). machineToDot stays the one drawing; this rewrites its lines: every state and
 * transition gets an `id` (`state:<state id>`, `transition:<transition id>[:<n-th target>]`, so the SVG can be
 * searched by the ids charts JSON and test paths use) and the marked ones a colour and class.
 */
export interface Mark {
  color: string;
  /** CSS class in the SVG (`covered`, `uncovered`, `added`, `changed`...). */
  class: string;
  dashed?: boolean;
  /** A second line under an edge's label (a change: `was → x`). */
  note?: string;
  tooltip?: string;
}

export interface Marks {
  states?: Map<string, Mark>;
  transitions?: Map<string, Mark>;
  /** Lines for the top of the digraph's body, per cluster (state id) or at top level (''), e.g. removed states. */
  insert?: Map<string, string[]>;
  /** Lines for the end of the digraph (edges between anything drawn). */
  append?: string[];
  /** Legend rows: colour, whether dashed, text. */
  legend?: Array<{ color: string; dashed?: boolean; text: string }>;
}

export const quoteDot = (s: string) => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`;
const html = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const attrs = (id: string, mark: Mark | undefined, edge: boolean) => {
  if (!mark) return `id=${quoteDot(id)} `;
  const style = mark.dashed ? (edge ? ' style=dashed' : ' style="rounded,filled,dashed"') : '';
  const tooltip = mark.tooltip ? ` tooltip=${quoteDot(mark.tooltip)}` : '';
  const font = edge ? ` fontcolor=${quoteDot(mark.color)}` : '';
  return `id=${quoteDot(id)} class=${quoteDot(mark.class)} color=${quoteDot(mark.color)} penwidth=2${font}${style}${tooltip} `;
};

/** A legend as a Graphviz node: a short line in each colour and what it means. */
export function legendNode(rows: NonNullable<Marks['legend']>): string {
  const cells = rows
    .map(
      (r) =>
        `<tr><td>${r.dashed ? `<font color="${html(r.color)}"><b>- - -</b></font>` : `<table border="0" cellspacing="0" cellpadding="0"><tr><td bgcolor="${html(r.color)}" width="22" height="3" fixedsize="true"></td></tr></table>`}</td><td align="left">${html(r.text)}</td></tr>`,
    )
    .join('');
  return `  "::legend" [id="legend" shape=plain fillcolor="#ffffff" style=filled label=<<table border="1" color="#cbd5e1" cellborder="0" cellpadding="3">${cells}</table>>];`;
}

/** machineToDot's digraph of the machine with the marks applied. */
export function markedDot(machine: AnyStateMachine, marks: Marks = {}): string {
  const states = chartStates(machine);
  const transitions = chartTransitions(machine);
  const { drawnInside } = chartLayout(states);
  const lines = machineToDot(machine).split('\n');

  // States: a node line `"<id>" [` or a cluster `subgraph "cluster_<id>" {` (its attributes follow on the next lines).
  const clusterLine = new Map<string, number>();
  lines.forEach((line, i) => {
    const cluster = /^\s*subgraph "cluster_(.+)" \{$/.exec(line);
    if (cluster) clusterLine.set(JSON.parse(`"${cluster[1]}"`) as string, i);
  });
  for (const state of states) {
    const mark = marks.states?.get(state.id);
    const at = clusterLine.get(state.id);
    if (at !== undefined) {
      const styleAt = lines.findIndex((l, i) => i > at && /^\s*style=/.test(l));
      const pad = /^\s*/.exec(lines[styleAt])![0];
      const extra = mark
        ? ` class=${quoteDot(mark.class)}; color=${quoteDot(mark.color)}; penwidth=2;${mark.dashed ? ' style="rounded,dashed";' : ''}${mark.tooltip ? ` tooltip=${quoteDot(mark.tooltip)};` : ''}`
        : '';
      lines[styleAt] += `\n${pad}id=${quoteDot(`state:${state.id}`)};${extra}`;
      continue;
    }
    const prefix = `${quoteDot(state.id)} [`;
    const i = lines.findIndex((l) => l.trimStart().startsWith(prefix));
    if (i >= 0) lines[i] = lines[i].replace(prefix, `${prefix}${attrs(`state:${state.id}`, mark, false)}`);
  }

  // Transitions: the edges machineToDot writes, in the order of chartTransitions and their targets.
  // (Top-level edges with a label: initial arrows have none, layout helpers are invisible and inside clusters.)
  const edgeLines = lines.map((l, i) => [l, i] as const).filter(([l]) => /^ {2}\S.* -> .* \[.*\blabel=/.test(l));
  let next = 0;
  for (const t of transitions) {
    const mark = marks.transitions?.get(t.id);
    const edges = t.targets.filter((target) => !drawnInside(t, target));
    edges.forEach((_, n) => {
      const [line, i] = edgeLines[next++] ?? [];
      const label = `label=${quoteDot(edgeLabel(t))}`;
      if (line === undefined || !line.includes(label)) throw new Error(`chart-marks: edge ${next} of ${machine.id} is not ${t.id}`);
      const id = edges.length > 1 ? `transition:${t.id}:${n}` : `transition:${t.id}`;
      const withNote = mark?.note ? `label=${quoteDot(`${edgeLabel(t)}\n${mark.note}`)}` : label;
      lines[i] = line.replace(label, withNote).replace(' [', ` [${attrs(id, mark, true)}`);
    });
    // Written inside its state: colour the line of the label.
    if (mark) {
      const at = clusterLine.has(t.source) ? lines.findIndex((l, i) => i > clusterLine.get(t.source)! && /^\s*label=</.test(l)) : -1;
      const i = at >= 0 ? at : lines.findIndex((l) => l.trimStart().startsWith(`${quoteDot(t.source)} [`));
      for (const text of insideLines(t, drawnInside)) {
        const plain = `<font point-size="9">${html(text)}</font>`;
        const note = mark.note ? ` (${html(mark.note)})` : '';
        if (i >= 0) lines[i] = lines[i].replace(plain, `<font point-size="9" color="${html(mark.color)}">${html(text)}${note}</font>`);
      }
    }
  }

  // Extra lines: at the top of a cluster's body (after its attributes) or of the digraph.
  for (const [stateId, extra] of marks.insert ?? []) {
    const at = clusterLine.get(stateId);
    const after =
      at === undefined ? lines.findIndex((l) => l.startsWith('  edge [')) : lines.findIndex((l, i) => i > at && /^\s*style=/.test(l));
    lines[after] += `\n${extra.join('\n')}`;
  }
  const end = lines.lastIndexOf('}');
  const tail = [...(marks.append ?? []), ...(marks.legend?.length ? [legendNode(marks.legend)] : [])];
  if (tail.length) lines.splice(end, 0, ...tail);
  return lines.join('\n');
}

export const COVERAGE_COLOURS = { covered: '#15803d', uncovered: '#b91c1c' };

/** The chart with every transition and state marked covered or not by a test report's ids. */
export function coverageDot(machine: AnyStateMachine, coverage: { coveredStateIds: string[]; coveredTransitionIds: string[] }): string {
  const covered = new Set(coverage.coveredTransitionIds);
  const coveredStates = new Set(coverage.coveredStateIds);
  const mark = (is: boolean): Mark => ({
    color: is ? COVERAGE_COLOURS.covered : COVERAGE_COLOURS.uncovered,
    class: is ? 'covered' : 'uncovered',
  });
  return markedDot(machine, {
    states: new Map(
      chartStates(machine)
        .filter((s) => s.type !== 'history')
        .map((s) => [s.id, mark(coveredStates.has(s.id))]),
    ),
    transitions: new Map(chartTransitions(machine).map((t) => [t.id, mark(covered.has(t.id))])),
    legend: [
      { color: COVERAGE_COLOURS.covered, text: 'covered by a model test path' },
      { color: COVERAGE_COLOURS.uncovered, text: 'not covered' },
    ],
  });
}
