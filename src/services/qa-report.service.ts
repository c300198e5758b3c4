import type { QaReport } from '../qa/qa-report';
import { API_BASE } from './http';

/** The last model test run's report (QA mode only), or null when no test run was recorded yet (the server's 404). */
export async function fetchQaReport(): Promise<QaReport | null> {
  const res = await fetch(`${API_BASE}/qa/report`);
  if (res.status === 404) return null;
  if (!res.ok) throw new Error(`The test report could not be read (${res.status}).`);
  return (await res.json()) as QaReport;
}

/** A test file's source (QA mode only), for the studio's link from a test path to its test. */
export async function fetchTestSource(file: string): Promise<string> {
  const res = await fetch(`${API_BASE}/qa/source?file=${encodeURIComponent(file)}`);
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new Error(body?.message ?? `The test file could not be read (${res.status}).`);
  }
  return res.text();
}
