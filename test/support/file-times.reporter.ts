import fs from 'node:fs';
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/** Where every run writes each test file's time; `npm test` prints the slowest ones from it (scripts/test-times.ts). */
export const FILE_TIMES = '.tmp/test-times.json';

export interface FileTime {
  project: string;
  file: string;
  /** From the worker's start to the file's last hook: set-up, imports, then the tests and hooks. */
  ms: number;
  /** Importing the file and its setup files (the server, jsdom, a PDS client...). */
  importMs: number;
  /** The tests and their hooks. */
  testsMs: number;
  state: string;
}

/** A reporter beside the default one: one line per test file and project, for the list of the slowest. */
export default class FileTimesReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    const times: FileTime[] = modules.map((m) => {
      const d = m.diagnostic();
      const importMs = d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration;
      return {
        project: m.project.name,
        file: path.relative(process.cwd(), m.moduleId),
        ms: Math.round(importMs + d.duration),
        importMs: Math.round(importMs),
        testsMs: Math.round(d.duration),
        state: m.state(),
      };
    });
    fs.mkdirSync(path.dirname(FILE_TIMES), { recursive: true });
    fs.writeFileSync(FILE_TIMES, `${JSON.stringify(times, null, 1)}\n`);
  }
}
