import fs from 'node:fs/promises';

/** Resident memory of a process, in bytes (Linux /proc). */
export async function rssOf(pid: number): Promise<number> {
  const status = await fs.readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0);
  return kb * 1024;
}
