import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import type { PGlite } from '@electric-sql/pglite';

/**
 * Sized for one artist's studio on a small server. PostgreSQL's defaults (128 MB of shared buffers) are meant for a
 * dedicated machine; inside PGlite they stay resident in the server's own memory for good. Pages not in these
 * buffers are still one file read away, and a studio's working set fits easily.
 */
export const PGLITE_SETTINGS = ['shared_buffers=16MB', 'work_mem=4MB', 'maintenance_work_mem=16MB', 'temp_buffers=4MB', 'wal_buffers=1MB'];

// Beside this module: the TypeScript source (tests, development) or the compiled script in dist-server/.
const here = fileURLToPath(import.meta.url);
const compiled = here.endsWith('.mjs');
const createScript = path.join(path.dirname(here), compiled ? 'pglite-create.mjs' : 'pglite-create.ts');

/**
 * Opens the embedded database in `dir`, creating it first when the directory holds none. Creating a database runs
 * initdb, which takes about 500 MB more than opening one and would stay in the server's memory: it runs in a
 * short-lived child process instead. PGlite's WebAssembly is compiled once by the baseline compiler: the optimising
 * tier holds another ~40 MB of code for speed the studio's queries do not need.
 */
export async function openPgliteDir(dir: string): Promise<PGlite> {
  v8.setFlagsFromString('--liftoff-only');
  const { PGlite } = await import('@electric-sql/pglite');
  if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) await createInChild(dir);
  return PGlite.create(dir, { postgresqlconf: PGLITE_SETTINGS });
}

function createInChild(dir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const args = compiled ? [createScript, dir] : ['--import', 'tsx', createScript, dir];
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`The database in ${dir} could not be created: ${stderr.trim() || `exit ${code}`}`)),
    );
  });
}
