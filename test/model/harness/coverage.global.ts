import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { buildQaReport, formatCoverageTable, readCoverage, readPaths, type QaReport } from './report';

const tmp = (name: string) => fileURLToPath(new URL(`../../../.tmp/${name}`, import.meta.url));

/**
 * vitest globalSetup: empties the model-coverage and paths files, then, when the run ends, prints one row per
 * machine and writes .tmp/qa-report.json (coverage and walked paths per machine, for the QA studio and
 * `npm run charts`).
 */
export default function setup(project: TestProject) {
  const file = tmp('model-coverage.jsonl');
  const pathsFile = tmp('model-paths.jsonl');
  const reportFile = tmp('qa-report.json');
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, '');
  writeFileSync(pathsFile, '');
  project.provide('modelCoverageFile', file);
  project.provide('modelPathsFile', pathsFile);
  return () => {
    const results = readCoverage(file);
    if (!results.length) return;
    console.log(`\nModel coverage (${relative(process.cwd(), file)})\n${formatCoverageTable(results)}\n`);
    let previous: QaReport | undefined;
    try {
      previous = existsSync(reportFile) ? (JSON.parse(readFileSync(reportFile, 'utf8')) as QaReport) : undefined;
    } catch {
      previous = undefined;
    }
    writeFileSync(reportFile, `${JSON.stringify(buildQaReport(results, readPaths(pathsFile), previous))}\n`);
  };
}
