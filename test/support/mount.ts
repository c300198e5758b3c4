import { execFileSync } from 'node:child_process';

/**
 * mount/umount for tests that need a real full or read-only file system: as root directly, otherwise through
 * `sudo -n` (CI gives a non-root runner sudo, as .ci/run expects). A tmpfs is owned by the test's own user, so the
 * server under test can write to it whoever mounted it.
 */
export function asRoot(command: 'mount' | 'umount', args: string[]) {
  const isRoot = process.getuid?.() === 0;
  execFileSync(isRoot ? command : 'sudo', isRoot ? args : ['-n', command, ...args], { stdio: 'pipe' });
}

/** Mounts a tmpfs of `size` (e.g. '2m') at `dir`, owned by this process's user; `readOnly` mounts it read-only. */
export function mountTmpfs(dir: string, size: string, { readOnly = false } = {}) {
  const owner = `uid=${process.getuid?.() ?? 0},gid=${process.getgid?.() ?? 0}`;
  asRoot('mount', ['-t', 'tmpfs', '-o', `${readOnly ? 'ro,' : ''}size=${size},${owner}`, 'tmpfs', dir]);
}

export const remount = (dir: string, mode: 'ro' | 'rw') => asRoot('mount', ['-o', `remount,${mode}`, dir]);
export const unmount = (dir: string) => asRoot('umount', [dir]);
