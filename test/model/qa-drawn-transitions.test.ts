import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { describe, expect, it } from 'vitest';
import { loadMachines } from '../../src/qa/machine-catalog';
import { renderChart } from '../../src/qa/render-chart';

/**
 * A machine's transitions as XState itself holds them, by the ids the studio draws (`<state id>#<event type, or
 * "always">#<n>`): every state node's transitions map (`on`, `after`, invoke and done transitions) and its eventless
 * ones, numbered in the order XState tries them. Read from the machine, not from the chart code under test.
 */
function ownTransitionIds(machine: AnyStateMachine): string[] {
  const ids: string[] = [];
  const visit = (node: AnyStateNode) => {
    for (const [eventType, list] of node.transitions) list.forEach((_, n) => ids.push(`${node.id}#${eventType}#${n}`));
    (node.always ?? []).forEach((_, n) => ids.push(`${node.id}#always#${n}`));
    Object.values(node.states as Record<string, AnyStateNode>).forEach(visit);
  };
  visit(machine.root);
  return ids.sort();
}

/** The transition ids on the studio's drawing, each drawn element checked to show something (a line or a text). */
async function drawnTransitionIds(machine: AnyStateMachine, internals: boolean) {
  const host = document.createElement('div');
  host.innerHTML = await renderChart(machine, { internals });
  const elements = Array.from(host.querySelectorAll<SVGElement>('[data-transition-id]'));
  const empty = elements.filter((el) => !el.querySelector('path, text')).map((el) => el.dataset.transitionId);
  return { ids: [...new Set(elements.map((el) => el.dataset.transitionId!))].sort(), empty };
}

const machines = await loadMachines();

describe('the studio draws every transition of every machine', () => {
  it('finds the machines of src/machines', () => {
    expect(machines.length).toBeGreaterThan(20);
  });

  it('the session chart: all 17, its root’s session.synced and the targetless user.updated among them', async () => {
    const session = machines.find((m) => m.id === 'session')!;
    const { ids } = await drawnTransitionIds(session, false);
    expect(ids).toHaveLength(17);
    expect(ids).toEqual(
      expect.arrayContaining(['session#session.synced#0', 'session#session.synced#1', 'session.signedIn#user.updated#0']),
    );
  });

  it.each(machines.map((m) => [m.id, m] as const))('%s', async (_, machine) => {
    const own = ownTransitionIds(machine);
    for (const internals of [false, true]) {
      const { ids, empty } = await drawnTransitionIds(machine, internals);
      expect(ids, `internals: ${internals}`).toEqual(own);
      expect(empty, `internals: ${internals}`).toEqual([]);
    }
  });
});
