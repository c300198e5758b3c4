import fs from 'node:fs';
import path from 'node:path';

/** Where the tests' temporary files go when the machine has a RAM file system (Linux's /dev/shm). */
export const RAM_TMPDIR = '/dev/shm/studio-tests';

/**
 * Room for a whole run, twice what one held at its peak (0.95 GB): a smaller /dev/shm (a container's is 64 MB unless
 * raised) leaves the files on disk rather than fill up mid-run.
 */
const NEEDS_BYTES = 2 * 1024 ** 3;

/**
 * Makes the run's temporary folder (TMPDIR, which os.tmpdir() reads in this process and every process it starts) a
 * folder in RAM, unless TMPDIR was chosen already. Every test database, server data directory, PDS and browser profile
 * is made there: a PGlite database starts as a copy of a 40 MB template and a test run makes hundreds, which on disk
 * were written back by the kernel (and waited on) though each lives seconds. Like /tmp, the folder is open to every
 * user (the PostgreSQL cluster runs as `postgres` when the tests run as root) and sticky.
 */
export function useRamTmpdir() {
  if (process.env.TMPDIR || !isWritableDir(path.dirname(RAM_TMPDIR)) || freeBytes(path.dirname(RAM_TMPDIR)) < NEEDS_BYTES) return;
  fs.mkdirSync(RAM_TMPDIR, { recursive: true });
  fs.chmodSync(RAM_TMPDIR, 0o1777);
  process.env.TMPDIR = RAM_TMPDIR;
}

function isWritableDir(dir: string) {
  try {
    fs.accessSync(dir, fs.constants.W_OK);
    return fs.statSync(dir).isDirectory();
  } catch {
    return false;
  }
}

function freeBytes(dir: string) {
  const { bavail, bsize } = fs.statfsSync(dir);
  return bavail * bsize;
}
