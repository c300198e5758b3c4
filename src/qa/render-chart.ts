import type { AnyStateMachine } from 'xstate';
import { CELL_ELEMENT_PREFIX, START_ELEMENT_ID, STATE_ELEMENT_PREFIX, TRANSITION_ELEMENT_PREFIX, machineToDot } from './chart-graph';

let viz: Promise<{ renderString(dot: string, options: { format: 'svg' }): string }> | undefined;

/**
 * The machine's chart as SVG markup laid out by Graphviz (WebAssembly, loaded once, in this lazy chunk): every state's
 * group carries `data-state-id` (and is a focusable button), every edge and every line of a transition listed on its
 * state `data-transition-id`; Graphviz's own ids are dropped, so one chart may be drawn twice in a page. `internals`:
 * labels with XState's own actions (machineToDot).
 */
export async function renderChart(machine: AnyStateMachine, { internals = false } = {}): Promise<string> {
  viz ??= import('@viz-js/viz').then((m) => m.instance());
  const svg = (await viz).renderString(machineToDot(machine, { ids: true, internals }), { format: 'svg' });
  const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
  for (const el of Array.from(doc.querySelectorAll('[id]'))) {
    const given = el.getAttribute('id')!;
    const id = given.startsWith(CELL_ELEMENT_PREFIX + TRANSITION_ELEMENT_PREFIX) ? given.slice(CELL_ELEMENT_PREFIX.length) : given;
    el.removeAttribute('id');
    if (id.startsWith(STATE_ELEMENT_PREFIX)) {
      const stateId = id.slice(STATE_ELEMENT_PREFIX.length);
      el.setAttribute('data-state-id', stateId);
      el.setAttribute('tabindex', '0');
      el.setAttribute('role', 'button');
      el.setAttribute('aria-label', `State ${stateId}`);
    } else if (id.startsWith(TRANSITION_ELEMENT_PREFIX)) {
      el.setAttribute('data-transition-id', id.slice(TRANSITION_ELEMENT_PREFIX.length).replace(/@\d+$/, ''));
    } else if (id === START_ELEMENT_ID) {
      el.setAttribute('data-chart-start', '');
    }
  }
  // Tooltips: Graphviz's titles repeat the node names; the state's description is in its tooltip (<a xlink:title>).
  for (const title of Array.from(doc.querySelectorAll('title'))) title.remove();
  const root = doc.documentElement;
  root.setAttribute('role', 'group');
  root.setAttribute('aria-label', `Statechart of ${machine.id}`);
  return new XMLSerializer().serializeToString(root);
}
