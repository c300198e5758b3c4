import type { AnyStateMachine } from 'xstate';
import { chartStates, chartTransitions } from './chart-graph';

// Every chart file of src/machines, each its own lazy module: only the studio asks for them all.
const modules = import.meta.glob<Record<string, unknown>>('../machines/**/*.machine.ts');

const isMachine = (value: unknown): value is AnyStateMachine =>
  typeof value === 'object' && value !== null && 'root' in value && 'provide' in value && 'id' in value && typeof value.id === 'string';

export interface ChartSummary {
  id: string;
  states: number;
  transitions: number;
}

/** Every exported machine of src/machines, one per id (a chart provided again keeps its id), by id. */
export async function loadMachines(): Promise<AnyStateMachine[]> {
  const byId = new Map<string, AnyStateMachine>();
  for (const load of Object.values(modules)) {
    for (const value of Object.values(await load())) if (isMachine(value) && !byId.has(value.id)) byId.set(value.id, value);
  }
  return [...byId.values()].sort((a, b) => a.id.localeCompare(b.id));
}

export async function loadMachine(id: string): Promise<AnyStateMachine | undefined> {
  return (await loadMachines()).find((m) => m.id === id);
}

export const summarize = (machine: AnyStateMachine): ChartSummary => ({
  id: machine.id,
  states: chartStates(machine).length,
  transitions: chartTransitions(machine).length,
});
