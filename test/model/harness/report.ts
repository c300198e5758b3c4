import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import { expect, inject } from 'vitest';
import type { CoverageResult } from './coverage';
import type { QaPath } from './paths';

/** A line of the report: one machine's coverage as measured by one test file. */
export type CoverageRecord = CoverageResult & { files?: string[] };

declare module 'vitest' {
  export interface ProvidedContext {
    /** Set by coverage.global.ts: the JSON-lines file model tests append their coverage to. */
    modelCoverageFile?: string;
    /** Set by coverage.global.ts: the JSON-lines file model tests append the paths they walk to. */
    modelPathsFile?: string;
  }
}

/**
 * Where in the running test's file the current call comes from: the first frame of the stack in that file (vitest maps
 * stacks to the source), e.g. the line of `await path.test(...)` or of `assertFullCoverage(...)`.
 */
export function callSiteInTest(): { file: string; line: number } | undefined {
  const { testPath } = expect.getState();
  if (!testPath) return undefined;
  for (const frame of (new Error().stack ?? '').split('\n')) {
    const at = /\(?(?:file:\/\/)?([^\s()]+?):(\d+):\d+\)?$/.exec(frame.trim());
    if (at && at[1] === testPath) return { file: relative(process.cwd(), testPath), line: Number(at[2]) };
  }
  return undefined;
}

/** `<test file> › <describe> › <test>` of the running test. */
export function currentTestLabel(): string {
  const { testPath, currentTestName } = expect.getState();
  const file = testPath ? relative(process.cwd(), testPath) : '';
  return [file, ...(currentTestName ?? '').split(' > ')].filter(Boolean).join(' › ');
}

/**
 * A line of the paths file: either every path one coverage assertion was given (`paths`), or one path's test having
 * run (`ran`: the test that walked it and the state keys it asserted).
 */
export type PathsRecord =
  | { machineId: string; paths: QaPath[] }
  | { machineId: string; ran: { id: string; test: string; asserted: string[]; file?: string; line?: number } };

/** Appends one line to this run's paths file. A no-op unless coverage.global.ts is a globalSetup. */
export function recordPaths(record: PathsRecord): void {
  const file = inject('modelPathsFile');
  if (!file) return;
  mkdirSync(dirname(file), { recursive: true });
  appendFileSync(file, `${JSON.stringify(record)}\n`);
}

export function readPaths(file: string): PathsRecord[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as PathsRecord);
}

/** `.tmp/qa-report.json`: what the studio (/api/qa/report) and `npm run charts` read. */
export interface QaReport {
  generatedAt: string;
  machines: Record<
    string,
    {
      /** When the run that measured this machine ended (absent from reports written before it was recorded). */
      writtenAt?: string;
      states: { covered: number; total: number };
      transitions: { covered: number; total: number };
      coveredStateIds: string[];
      coveredTransitionIds: string[];
      paths: QaPath[];
    }
  >;
}

/**
 * One entry per machine measured in this run: coverage records of a machine add up (ids united), its paths are
 * those given to its coverage assertions, each named after the test that walked it (and where it is written) when
 * that test ran. Machines of `previous` this run did not measure (a run of one model test file) are kept as they
 * were, with the time they were written.
 */
export function buildQaReport(coverage: CoverageRecord[], paths: PathsRecord[], previous?: QaReport, now = new Date()): QaReport {
  const machines: QaReport['machines'] = Object.fromEntries(
    Object.entries(previous?.machines ?? {}).map(([id, m]) => [id, { ...m, writtenAt: m.writtenAt ?? previous!.generatedAt }]),
  );
  const measured = new Set(coverage.map((r) => r.machineId));
  for (const id of measured) {
    const records = coverage.filter((r) => r.machineId === id);
    const coveredStateIds = [...new Set(records.flatMap((r) => r.coveredStateIds ?? []))];
    const coveredTransitionIds = [...new Set(records.flatMap((r) => r.coveredTransitionIds ?? []))];
    const byId = new Map<string, QaPath>();
    for (const r of paths) if (r.machineId === id && 'paths' in r) r.paths.forEach((p) => byId.set(p.id, { ...p }));
    for (const r of paths) {
      if (r.machineId !== id || !('ran' in r)) continue;
      const path = byId.get(r.ran.id);
      if (path) Object.assign(path, { test: r.ran.test, asserted: r.ran.asserted, file: r.ran.file, line: r.ran.line });
    }
    const total = (part: 'states' | 'transitions') => Math.max(...records.map((r) => r[part].total));
    machines[id] = {
      writtenAt: now.toISOString(),
      states: { covered: coveredStateIds.length, total: total('states') },
      transitions: { covered: coveredTransitionIds.length, total: total('transitions') },
      coveredStateIds,
      coveredTransitionIds,
      paths: [...byId.values()],
    };
  }
  const sorted = Object.fromEntries(Object.entries(machines).sort(([a], [b]) => a.localeCompare(b)));
  return { generatedAt: now.toISOString(), machines: sorted };
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
