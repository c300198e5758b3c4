import { inject } from 'vitest';
import { pdsAt, startPds, type Pds } from './pds';

/**
 * The PDS of this test run, for files that only make accounts on it: started once by the project's globalSetup
 * (pds.global.ts) when the first file asks, and shared by every file after, so each test makes accounts of its own.
 * close() leaves it running for the others. Without that globalSetup (a project that has none), a PDS of its own.
 */
export async function sharedPds(): Promise<Pds> {
  const broker = inject('pdsBroker');
  if (!broker) return startPds();
  const res = await fetch(broker);
  if (!res.ok) throw new Error(`the run's PDS did not start: ${await res.text()}`);
  const { url, plcUrl } = (await res.json()) as { url: string; plcUrl: string };
  return pdsAt(url, plcUrl, async () => {});
}
