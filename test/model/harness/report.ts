import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import { expect, inject } from 'vitest';
import type { CoverageResult } from './coverage';

/** A line of the report: one machine's coverage as measured by one test file. */
export type CoverageRecord = CoverageResult & { files?: string[] };

declare module 'vitest' {
  export interface ProvidedContext {
    /** Set by coverage.global.ts: the JSON-lines file model tests append their coverage to. */
    modelCoverageFile?: string;
  }
}

/** Appends one machine's coverage to this run's report. A no-op unless coverage.global.ts is a globalSetup. */
export function recordCoverage(result: CoverageResult): void {
  const file = inject('modelCoverageFile');
  if (!file) return;
  const testPath = expect.getState().testPath;
  const record: CoverageRecord = { ...result, files: testPath ? [relative(process.cwd(), testPath)] : [] };
  mkdirSync(dirname(file), { recursive: true });
  appendFileSync(file, `${JSON.stringify(record)}\n`);
}

export function readCoverage(file: string): CoverageRecord[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as CoverageRecord);
}

/** One row per machine: several records of a machine (several files, several runs of paths) add up. */
export function mergeCoverage(results: CoverageRecord[]): CoverageRecord[] {
  const byMachine = new Map<string, CoverageRecord>();
  for (const r of results) {
    const seen = byMachine.get(r.machineId);
    if (!seen) {
      byMachine.set(r.machineId, structuredClone(r));
      continue;
    }
    seen.files = [...new Set([...(seen.files ?? []), ...(r.files ?? [])])];
    for (const part of ['states', 'transitions'] as const) {
      const a = seen[part];
      const b = r[part];
      a.uncovered = a.uncovered.filter((x) => b.uncovered.includes(x));
      a.ignored = a.ignored.filter((x) => a.uncovered.includes(x));
      a.total = Math.max(a.total, b.total);
      a.covered = a.total - a.uncovered.length;
    }
  }
  return [...byMachine.values()].sort((x, y) => x.machineId.localeCompare(y.machineId));
}

export function formatCoverageTable(results: CoverageRecord[]): string {
  const merged = mergeCoverage(results);
  const fraction = (c: CoverageResult['states']) =>
    `${c.covered}/${c.total}${c.covered === c.total ? '' : ` (${Math.floor((100 * c.covered) / c.total)}%)`}`;
  const rows = [
    ['machine', 'states', 'transitions', 'ignored', 'tested in'],
    ...merged.map((r) => [
      r.machineId,
      fraction(r.states),
      fraction(r.transitions),
      String(r.states.ignored.length + r.transitions.ignored.length),
      (r.files ?? []).join(', '),
    ]),
  ];
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)));
  const line = (row: string[]) =>
    row
      .map((cell, i) => cell.padEnd(widths[i]))
      .join(' | ')
      .trimEnd();
  return [line(rows[0]), widths.map((w) => '-'.repeat(w)).join('-|-'), ...rows.slice(1).map(line)].join('\n');
}
