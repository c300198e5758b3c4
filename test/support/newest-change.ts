import fs from 'node:fs';
import path from 'node:path';

/** When a file, or the newest file under a folder, last changed (0 when it is missing). */
export function newestChange(entry: string): number {
  const stat = fs.statSync(entry, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(
    stat.mtimeMs,
    ...fs
      .readdirSync(entry, { recursive: true, withFileTypes: true })
      .map((e) => (e.isFile() ? fs.statSync(path.join(e.parentPath, e.name)).mtimeMs : 0)),
  );
}

/** When a build's output was written (0 when it is missing). */
export const builtAt = (file: string) => fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0;
