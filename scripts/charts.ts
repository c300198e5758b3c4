/**
 * `npm run charts`: a diagram of every statechart for QA.
 * Imports each src/machines/<flow>/*.machine.ts, takes every exported XState machine and writes to charts/:
 * <name>.svg (Graphviz, via @viz-js/viz), <name>.json (definition + flat states and transitions) and
 * index.html showing them all. Optional arguments: `--out <dir>`, `--machines <dir>`, `--report <file>` (the model
 * tests' report, default .tmp/qa-report.json: when it exists, each chart's JSON gets its coverage and test paths and
 * the drawings mark transitions covered or not), `--diff <git-ref>` (compare with that revision instead: see
 * scripts/charts/diff.ts).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { instance } from '@viz-js/viz';
import { StateMachine, type AnyStateMachine } from 'xstate';
import { chartStates, chartTransitions, machineToDot } from '../src/qa/chart-graph';
import { COVERAGE_COLOURS, coverageDot } from '../src/qa/chart-marks';
import { DiffError, writeDiff } from './charts/diff';

/** One machine's entry in .tmp/qa-report.json (written by test/model/harness at the end of a model test run). */
export interface ReportEntry {
  states: { covered: number; total: number };
  transitions: { covered: number; total: number };
  coveredStateIds: string[];
  coveredTransitionIds: string[];
  paths: Array<{
    id: string;
    test: string;
    start: string[];
    steps: Array<{ event: string; transitionIds: string[]; states: string[] }>;
    asserted: string[];
  }>;
}
export interface QaReport {
  generatedAt: string;
  machines: Record<string, ReportEntry>;
}
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

/** The `<svg>` element alone (no XML prolog, doctype or comments), so it can sit inside HTML. */
const inlineSvg = (svg: string) => svg.slice(svg.indexOf('<svg'));
const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

interface IndexChart {
  name: string;
  id: string;
  file: string;
  svg: string;
  states: number;
  transitions: number;
  coverage?: ReportEntry;
}

const coverageText = (c: ReportEntry) =>
  `covered: ${c.states.covered}/${c.states.total} states, ${c.transitions.covered}/${c.transitions.total} transitions, ${c.paths.length} test paths`;

function indexHtml(charts: IndexChart[], report?: QaReport): string {
  const nav = charts
    .map(
      (c) =>
        `<li><a href="#${c.name}">${escapeHtml(c.name)}</a> <small>${c.states} states, ${c.transitions} transitions${c.coverage ? `; ${coverageText(c.coverage)}` : ''}</small></li>`,
    )
    .join('\n');
  const legend = report
    ? `<p class="legend">Coverage from the model tests' report of ${escapeHtml(report.generatedAt)}: <span style="color: ${COVERAGE_COLOURS.covered}">━ covered</span> <span style="color: ${COVERAGE_COLOURS.uncovered}">━ not covered</span> (charts without a report entry are drawn plain).</p>`
    : '<p>No model test report (.tmp/qa-report.json): run the model tests to see which transitions they cover.</p>';
  const sections = charts
    .map(
      (c) => `<section id="${c.name}">
<h2>${escapeHtml(c.name)} <small>machine <code>${escapeHtml(c.id)}</code> from <code>${escapeHtml(c.file)}</code> · <a href="${c.name}.svg">svg</a> · <a href="${c.name}.json">json</a></small></h2>${c.coverage ? `\n<p><small>${coverageText(c.coverage)}</small></p>` : ''}
<div class="chart">${inlineSvg(c.svg)}</div>
</section>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Statecharts</title>
<style>
body { font-family: system-ui, sans-serif; margin: 2rem; color: #0f172a; }
small { color: #64748b; font-weight: normal; }
section { margin-top: 3rem; }
.chart { overflow: auto; border: 1px solid #e2e8f0; border-radius: 8px; padding: 1rem; }
.chart svg { max-width: none; height: auto; }
</style>
</head>
<body>
<h1>Statecharts</h1>
<p>Generated by <code>npm run charts</code> from <code>src/machines/&lt;flow&gt;/*.machine.ts</code>. Hover a state for its description.</p>
${legend}
<ul>
${nav}
</ul>
${sections}
</body>
</html>
`;
}

/** Writes the charts of every machine in `machinesDir` to `outDir`; returns the paths written. */
export async function writeCharts({
  machinesDir,
  outDir,
  report,
}: {
  machinesDir: string;
  outDir: string;
  report?: QaReport;
}): Promise<string[]> {
  const machines = await findMachines(machinesDir);
  const viz = await instance();
  mkdirSync(outDir, { recursive: true });
  const written: string[] = [];
  const charts = [];
  for (const { name, file, machine } of machines) {
    const coverage = report?.machines[machine.id];
    const dot = coverage ? coverageDot(machine, coverage) : machineToDot(machine);
    const result = viz.render(dot, { format: 'svg' });
    if (result.status === 'failure') throw new Error(`Graphviz could not draw ${name}:\n${result.errors.map((e) => e.message).join('\n')}`);
    result.errors.forEach((e) => console.warn(`${name}: graphviz ${e.level ?? 'warning'}: ${e.message.trim()}`));
    const states = chartStates(machine);
    const transitions = chartTransitions(machine);
    const json = {
      name,
      id: machine.id,
      file: relative(process.cwd(), file),
      states,
      transitions,
      ...(coverage && report
        ? {
            coverage: {
              generatedAt: report.generatedAt,
              states: coverage.states,
              transitions: coverage.transitions,
              coveredStateIds: coverage.coveredStateIds,
              coveredTransitionIds: coverage.coveredTransitionIds,
            },
            paths: coverage.paths,
          }
        : {}),
      definition: machine.toJSON(),
    };
    writeFileSync(join(outDir, `${name}.svg`), result.output);
    writeFileSync(join(outDir, `${name}.json`), `${JSON.stringify(json, null, 2)}\n`);
    written.push(join(outDir, `${name}.svg`), join(outDir, `${name}.json`));
    charts.push({
      name,
      id: machine.id,
      file: json.file,
      svg: result.output,
      states: states.length,
      transitions: transitions.length,
      coverage,
    });
  }
  writeFileSync(join(outDir, 'index.html'), indexHtml(charts, report));
  written.push(join(outDir, 'index.html'));
  return written;
}

/** The model tests' report, when there is one. */
export function readReport(file: string): QaReport | undefined {
  if (!existsSync(file)) return undefined;
  return JSON.parse(readFileSync(file, 'utf8')) as QaReport;
}

async function main() {
  const value = (flag: string) => {
    const i = process.argv.indexOf(flag);
    return i >= 0 && process.argv[i + 1] && !process.argv[i + 1].startsWith('--') ? process.argv[i + 1] : undefined;
  };
  const arg = (flag: string, fallback: string) => resolve(value(flag) ?? fallback);
  const machinesDir = arg('--machines', 'src/machines');
  const outDir = arg('--out', 'charts');
  if (process.argv.includes('--diff')) {
    const ref = value('--diff');
    if (!ref) throw new Error('--diff needs a git revision: npm run charts -- --diff HEAD~1');
    const { summary, written } = await writeDiff({ machinesDir, outDir, ref });
    for (const path of written) console.log(`wrote ${relative(process.cwd(), path)}`);
    console.log(`\n${summary}`);
    return;
  }
  const reportFile = arg('--report', '.tmp/qa-report.json');
  const report = readReport(reportFile);
  if (report) console.log(`embedding the model tests' report of ${report.generatedAt} (${relative(process.cwd(), reportFile)})`);
  const written = await writeCharts({ machinesDir, outDir, report });
  if (written.length === 1) console.log(`No *.machine.ts exporting a machine in ${relative(process.cwd(), machinesDir)}.`);
  for (const path of written) console.log(`wrote ${relative(process.cwd(), path)}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main().catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    // No history to compare with (a shallow clone): exit 3, so CI can tell it from a failure.
    process.exit(err instanceof DiffError ? 3 : 1);
  });
}
