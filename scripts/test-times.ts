import fs from 'node:fs';
import { FILE_TIMES, type FileTime } from '../test/support/file-times.reporter';

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * The slowest test files of the vitest run that wrote FILE_TIMES after `since`, with where their time went (importing
 * the file and its set-up, or the tests and their hooks), and each project's sum: where the next minute is to be found.
 */
export function printSlowestFiles(since: number, count = 20) {
  if (!fs.existsSync(FILE_TIMES) || fs.statSync(FILE_TIMES).mtimeMs < since) return;
  const times = JSON.parse(fs.readFileSync(FILE_TIMES, 'utf8')) as FileTime[];
  console.log(`\n=== slowest ${Math.min(count, times.length)} of ${times.length} test files (their own time; files run side by side) ===`);
  for (const t of [...times].sort((a, b) => b.ms - a.ms).slice(0, count)) {
    const mark = t.state === 'passed' ? ' ' : '✗';
    console.log(
      `${mark} ${seconds(t.ms).padStart(8)}  ${t.project.padEnd(16)} ${t.file}  (import ${seconds(t.importMs)}, tests ${seconds(t.testsMs)})`,
    );
  }
  const byProject = new Map<string, number>();
  for (const t of times) byProject.set(t.project, (byProject.get(t.project) ?? 0) + t.ms);
  console.log(`  per project: ${[...byProject].map(([project, ms]) => `${project} ${seconds(ms)}`).join(', ')}`);
}
