import type { UploadTicket } from '../src/schemas/upload.schema';
import { artworkInput, fakeMp3 } from '../test/support/portfolio';
import { mb, median, rssOf, signedInUser, startServer, type RunningServer, type Suite } from './support';

/** The portfolio's size; EXPORT_BENCH_MB=200 proves the suite works in a minute. */
const TOTAL_BYTES = Number(process.env.EXPORT_BENCH_MB ?? 2048) * 1024 * 1024;
/** Each file just under the 20 MB an upload may hold. */
const FILE_BYTES = 19 * 1024 * 1024;
const FILES_PER_ARTWORK = 10;
/** The client stops reading this far in, for this long: a server that reads ahead of its client would grow meanwhile. */
const PAUSE_AFTER_BYTES = 100 * 1024 * 1024;
const PAUSE_MS = 5_000;
const BUDGET_BYTES = 64 * 1024 * 1024;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function fillPortfolio(server: RunningServer, idToken: string, files: number) {
  const headers = { authorization: `Bearer ${idToken}`, 'content-type': 'application/json' };
  const post = async (path: string, body?: unknown) => {
    const res = await fetch(`${server.url}/api${path}`, {
      method: 'POST',
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  // One buffer for every upload: the bytes are never compressed, so their content does not change the measurement.
  const bytes = fakeMp3(FILE_BYTES);
  let artworkId = '';
  for (let i = 0; i < files; i++) {
    if (i % FILES_PER_ARTWORK === 0)
      artworkId = (await post('/artwork', artworkInput('AUDIO', { title: `Session ${i / FILES_PER_ARTWORK + 1}` }))).artworkId;
    const ticket = (await post(`/artwork/${artworkId}/media`, {
      fileName: `take-${i + 1}.mp3`,
      fileType: 'audio/mpeg',
      fileSizeInBytes: bytes.length,
    })) as UploadTicket;
    const put = await fetch(ticket.uploadUrl, { method: 'PUT', headers: ticket.headers, body: bytes });
    if (!put.ok) throw new Error(`PUT ${put.status} ${await put.text()}`);
    await post(`/uploads/${ticket.uploadId}/complete`);
  }
}

/** Downloads the archive, reading as fast as it comes except for one pause; answers the bytes and the archive's declared length. */
async function download(server: RunningServer, idToken: string, stopAfter = Infinity) {
  const res = await fetch(`${server.url}/api/user/export`, { headers: { authorization: `Bearer ${idToken}` } });
  if (res.status !== 200 || !res.body) throw new Error(`export: ${res.status}`);
  const reader = res.body.getReader();
  let bytes = 0;
  let paused = false;
  let tail = Buffer.alloc(0);
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    tail = Buffer.concat([tail, value]).subarray(-22);
    if (bytes >= stopAfter) {
      await reader.cancel();
      break;
    }
    if (!paused && bytes >= PAUSE_AFTER_BYTES) {
      paused = true;
      await sleep(PAUSE_MS);
    }
  }
  // A whole archive ends with its end-of-central-directory record.
  return {
    bytes,
    declared: Number(res.headers.get('content-length')),
    complete: tail.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x05, 0x06])),
  };
}

/** Server RSS while an artist downloads an export of a large portfolio: the archive streams, so memory stays flat. */
export const exportSuite: Suite = {
  title: 'Export of a large portfolio',
  async run() {
    const files = Math.max(1, Math.ceil(TOTAL_BYTES / FILE_BYTES));
    const server = await startServer({ LOG_LEVEL: 'warn' });
    try {
      const { idToken } = await signedInUser(server);
      const filling = performance.now();
      await fillPortfolio(server, idToken, files);
      console.log(`  ${files} files of ${mb(FILE_BYTES)} uploaded in ${((performance.now() - filling) / 1000).toFixed(0)} s`);
      // The first export of a process compiles its code; read a little of one and let it go.
      await download(server, idToken, 30 * 1024 * 1024);
      await sleep(1000);

      const idle: number[] = [];
      for (let i = 0; i < 20; i++, await sleep(50)) idle.push(await rssOf(server.pid));
      const baseline = median(idle);
      const samples: number[] = [];
      const timer = setInterval(
        () =>
          void rssOf(server.pid).then(
            (v) => samples.push(v),
            () => {},
          ),
        20,
      );
      const started = performance.now();
      const result = await download(server, idToken);
      const seconds = (performance.now() - started) / 1000;
      clearInterval(timer);
      const peak = Math.max(baseline, ...samples);
      const growth = peak - baseline;
      const whole = result.bytes === result.declared && result.complete;
      return [
        {
          name: `Server RSS growth while a ${mb(result.bytes)} export downloads (${files} files)`,
          budget: `< ${mb(BUDGET_BYTES)}`,
          measured:
            `${mb(growth)} (RSS ${mb(baseline)} before, peak ${mb(peak)}; ${mb(result.bytes)} in ${seconds.toFixed(1)} s` +
            `${whole ? '' : `; INCOMPLETE: ${result.bytes} of ${result.declared} bytes`})`,
          pass: growth < BUDGET_BYTES && whole,
          method:
            `The compiled server npm start runs, local storage; ${files} audio files of ${mb(FILE_BYTES)} uploaded through the API (ticket, PUT, confirm) ` +
            `into artworks of ${FILES_PER_ARTWORK}; after one partial warm-up export, GET /api/user/export read by a client that pauses ${PAUSE_MS / 1000} s ` +
            `after ${mb(PAUSE_AFTER_BYTES)} (a server reading ahead of its client would grow then). VmRSS of the server from /proc every 20 ms, ` +
            `peak against the median of 1 s before; the archive must arrive whole (its Content-Length, ending in its central directory). ` +
            `EXPORT_BENCH_MB sets the portfolio size (default 2048).`,
        },
      ];
    } finally {
      await server.stop();
    }
  },
};
