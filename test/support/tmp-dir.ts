import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/**
 * A temporary folder of its own, made TMPDIR for what is started after (a PDS and the server leave their files
 * there); restore() puts TMPDIR back and removes the folder.
 */
export async function ownTmpDir(prefix: string) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
  const previous = process.env.TMPDIR;
  process.env.TMPDIR = dir;
  return {
    path: dir,
    async restore() {
      // Assigning undefined would store the string 'undefined'.
      if (previous === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = previous;
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}
export type OwnTmpDir = Awaited<ReturnType<typeof ownTmpDir>>;
