import type { QaReport } from '../qa/qa-report';
import { API_BASE } from './http';

/** The last model test run's report (QA mode only), or null when no test run was recorded yet (the server's 404). */
export async function fetchQaReport(): Promise<QaReport | null> {
  const res = await fetch(`${API_BASE}/qa/report`);
  if (res.status === 404) return null;
  if (!res.ok) throw new Error(`The test report could not be read (${res.status}).`);
  return (await res.json()) as QaReport;
}
