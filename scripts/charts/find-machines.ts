import { readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { StateMachine, type AnyStateMachine } from 'xstate';

export interface FoundMachine {
  name: string;
  file: string;
  exportName: string;
  machine: AnyStateMachine;
}

const isMachine = (value: unknown): value is AnyStateMachine =>
  value instanceof StateMachine ||
  (typeof value === 'object' && value !== null && '__xstatenode' in value && 'root' in value && 'config' in value);

/** Every machine exported by `<dir>/*.machine.ts`, named after its file (plus the export when a file has several). */
export async function findMachines(dir: string): Promise<FoundMachine[]> {
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.machine\.[cm]?[jt]s$/.test(f))
    .sort();
  const found: FoundMachine[] = [];
  for (const file of files) {
    const path = join(dir, file);
    const exports = (await import(pathToFileURL(path).href)) as Record<string, unknown>;
    const machines = [
      ...new Map(
        Object.entries(exports)
          .filter(([, v]) => isMachine(v))
          .map(([k, v]) => [v, k]),
      ).entries(),
    ];
    const base = basename(file).replace(/\.machine\.[cm]?[jt]s$/, '');
    for (const [machine, exportName] of machines) {
      found.push({
        name: machines.length === 1 ? base : `${base}.${exportName}`,
        file: path,
        exportName,
        machine: machine as AnyStateMachine,
      });
    }
  }
  return found;
}
