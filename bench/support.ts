import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import type { UploadTicket } from '../src/schemas/upload.schema';
import { createVerifiedAccount, startServer, type RunningServer } from '../test/support/browser';
import { rssOf } from '../test/support/rss';

export interface BudgetResult {
  /** What was measured, as the issue names it. */
  name: string;
  budget: string;
  measured: string;
  pass: boolean;
  /** How it was measured, in a line. */
  method: string;
}

/** A suite's budget lines, and figures it reports without a budget (Markdown shown under its table). */
export interface SuiteReport {
  results: BudgetResult[];
  details?: string;
}

export interface Suite {
  title: string;
  run(): Promise<BudgetResult[] | SuiteReport>;
}

export { rssOf, startServer, type RunningServer };

/** A verified, signed-in user on a running server that writes its mail to DATA_DIR/mail. */
export const signedInUser = (server: RunningServer, email = `bench-${Date.now()}@example.com`, password = 'Bench12345') =>
  createVerifiedAccount(server, email, password);

export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
export const median = (values: number[]) => percentile(values, 50);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A real image just under 20 MB: an uncompressed PNG of random pixels. */
export async function bigPng() {
  const side = Math.floor(Math.sqrt((20 * 1024 * 1024 - 64 * 1024) / 3.01));
  const pixels = crypto.randomBytes(side * side * 3);
  return sharp(pixels, { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

/** Samples a process's RSS every `everyMs` until stopped; answers the samples. */
function sampleRss(pid: number, everyMs = 10) {
  const samples: number[] = [];
  const timer = setInterval(
    () =>
      void rssOf(pid).then(
        (v) => samples.push(v),
        () => {},
      ),
    everyMs,
  );
  return async () => {
    clearInterval(timer);
    await sleep(everyMs);
    return samples;
  };
}

const UPLOAD_RUNS = 5;
const IDLE_MS = 1000;
const CHUNK = 256 * 1024;

export interface UploadMemory {
  /** RSS growth of each measured PUT over the steady state just before it. */
  growths: number[];
  baselines: number[];
  putMs: number[];
  /** Confirming (checking and processing) the last upload. */
  processMs: number;
}

/**
 * How much a PUT of `file` to its signed URL raises the server's RSS. One warm-up upload goes through end to end
 * first: the first upload of a process also compiles the upload code, opens the incoming directory and grows the
 * allocator's arenas once for good, which is not memory the upload holds. Then, UPLOAD_RUNS times: a new ticket,
 * RSS sampled every 10 ms for IDLE_MS (the steady state: its median) and during the PUT (its peak).
 */
export async function measureUploadMemory(
  server: RunningServer,
  idToken: string,
  ticketPath: string,
  file: Buffer,
  type: string,
): Promise<UploadMemory> {
  const auth = { authorization: `Bearer ${idToken}` };
  const ticket = async () => {
    const res = await fetch(server.url + ticketPath, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ fileName: 'big.png', fileType: type, fileSizeInBytes: file.length }),
    });
    if (!res.ok) throw new Error(`ticket: ${res.status} ${await res.text()}`);
    return (await res.json()) as UploadTicket;
  };
  // Streamed in 256 KB chunks, as a browser sends a file, so the client does not hand it over in one write.
  const put = async (t: UploadTicket) => {
    const chunks = Array.from({ length: Math.ceil(file.length / CHUNK) }, (_, i) => file.subarray(i * CHUNK, (i + 1) * CHUNK));
    const res = await fetch(t.uploadUrl, {
      method: 'PUT',
      headers: { ...t.headers, 'content-length': String(file.length) },
      body: Readable.toWeb(Readable.from(chunks)) as ReadableStream,
      duplex: 'half',
    } as RequestInit);
    if (!res.ok) throw new Error(`PUT failed: ${res.status} ${await res.text()}`);
  };
  const complete = async (t: UploadTicket) => {
    const res = await fetch(`${server.url}/api/uploads/${t.uploadId}/complete`, { method: 'POST', headers: auth });
    if (!res.ok) throw new Error(`complete failed: ${res.status} ${await res.text()}`);
  };

  const warmUp = await ticket();
  await put(warmUp);
  await complete(warmUp);

  const result: UploadMemory = { growths: [], baselines: [], putMs: [], processMs: 0 };
  let last: UploadTicket | undefined;
  for (let i = 0; i < UPLOAD_RUNS; i++) {
    last = await ticket();
    const stopIdle = sampleRss(server.pid);
    await sleep(IDLE_MS);
    const baseline = median(await stopIdle());
    const stopPut = sampleRss(server.pid);
    const started = performance.now();
    await put(last);
    result.putMs.push(performance.now() - started);
    // Memory the PUT leaves behind shows a moment later.
    await sleep(100);
    const peak = Math.max(baseline, ...(await stopPut()));
    result.growths.push(peak - baseline);
    result.baselines.push(baseline);
  }
  const processed = performance.now();
  await complete(last!);
  result.processMs = performance.now() - processed;
  return result;
}

/** The budget line of an upload-memory measurement: the largest growth of the runs must stay under 10 MB. */
export function uploadMemoryResult(name: string, file: Buffer, m: UploadMemory): BudgetResult {
  const worst = Math.max(...m.growths);
  return {
    name,
    budget: '< 10 MB',
    measured:
      `${mb(worst)} at most (each PUT: ${m.growths.map((g) => (g / 1024 / 1024).toFixed(1)).join(', ')} MB over RSS ${mb(Math.min(...m.baselines))}-${mb(Math.max(...m.baselines))}; ` +
      `${mb(file.length)} in a median ${median(m.putMs).toFixed(0)} ms; confirming the last then took ${m.processMs.toFixed(0)} ms)`,
    pass: worst < 10 * 1024 * 1024,
    method:
      `VmRSS of the server process (started as npm start does) sampled every 10 ms from /proc: the median over ${IDLE_MS / 1000} s before each PUT of a real ` +
      `20 MB PNG streamed in 256 KB chunks, against the peak during it and 100 ms after; ${UPLOAD_RUNS} PUTs after one warm-up upload confirmed end to end ` +
      `(the first upload of a process compiles its code and grows the allocator once for good), the largest growth reported.`,
  };
}
