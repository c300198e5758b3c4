import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { formatCoverageTable, readCoverage } from './report';

/** vitest globalSetup: empties the model-coverage file, then prints one row per machine when the run ends. */
export default function setup(project: TestProject) {
  const file = fileURLToPath(new URL('../../../.tmp/model-coverage.jsonl', import.meta.url));
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, '');
  project.provide('modelCoverageFile', file);
  return () => {
    const results = readCoverage(file);
    if (!results.length) return;
    console.log(`\nModel coverage (${relative(process.cwd(), file)})\n${formatCoverageTable(results)}\n`);
  };
}
