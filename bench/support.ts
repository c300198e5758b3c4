import fs from 'node:fs/promises';
import path from 'node:path';
import { startServer, type RunningServer } from '../test/support/browser';

export interface BudgetResult {
  /** What was measured, as the issue names it. */
  name: string;
  budget: string;
  measured: string;
  pass: boolean;
  /** How it was measured, in a line. */
  method: string;
}

export interface Suite {
  title: string;
  run(): Promise<BudgetResult[]>;
}

export { startServer, type RunningServer };

/** Resident memory of a process, in bytes (Linux /proc). */
export async function rssOf(pid: number): Promise<number> {
  const status = await fs.readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0);
  return kb * 1024;
}

const json = (body: unknown) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** A verified, signed-in user on a running server that writes its mail to DATA_DIR/mail. */
export async function signedInUser(server: RunningServer, email = `bench-${Date.now()}@example.com`, password = 'Bench12345') {
  const created = await fetch(`${server.url}/api/auth/create`, json({ email, password }));
  if (!created.ok) throw new Error(`create failed: ${created.status}`);
  const mailDir = path.join(server.dataDir, 'mail');
  const file = (await fs.readdir(mailDir)).find((f) => f.includes(email));
  const raw = (await fs.readFile(path.join(mailDir, file!), 'utf8')).replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const token = raw.match(/verify-email\?token=([\w-]+)/)![1];
  await fetch(`${server.url}/api/auth/verify-email`, json({ token }));
  const res = await fetch(`${server.url}/api/auth/sign-in`, json({ email, password }));
  return (await res.json()) as { idToken: string; refreshToken: string };
}

export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
