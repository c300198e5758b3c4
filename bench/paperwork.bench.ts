import { artworkInput } from '../test/support/portfolio';
import { mb, rssOf, signedInUser, startServer, type BudgetResult, type Suite } from './support';

const WORKS = 10_000;
const PARALLEL = 8;
const TIME_BUDGET_MS = 30_000;
const RSS_BUDGET = 100 * 1024 * 1024;

/** The inventory report of 10,000 works as PDF: time to the last byte, and how much the server's RSS grows meanwhile. */
async function measure(): Promise<BudgetResult[]> {
  const server = await startServer({ LOG_LEVEL: 'warn' });
  try {
    const artist = await signedInUser(server, `paperwork-${Date.now()}@example.com`);
    const headers = { authorization: `Bearer ${artist.idToken}` };
    let next = 0;
    const add = async () => {
      while (next < WORKS) {
        const i = next++;
        const res = await fetch(`${server.url}/api/artwork`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify(artworkInput('PHYSICAL_2D', { title: `Work ${String(i).padStart(5, '0')}`, medium: 'Oil on linen' })),
        });
        if (!res.ok) throw new Error(`POST /api/artwork: ${res.status} ${await res.text()}`);
      }
    };
    await Promise.all(Array.from({ length: PARALLEL }, add));

    const before = await rssOf(server.pid);
    let peak = before;
    const timer = setInterval(() => void rssOf(server.pid).then((v) => (peak = Math.max(peak, v))), 10);
    const started = performance.now();
    const res = await fetch(`${server.url}/api/paperwork/inventory.pdf`, { headers });
    let bytes = 0;
    const reader = res.body!.getReader();
    for (let part = await reader.read(); !part.done; part = await reader.read()) bytes += part.value.length;
    const ms = performance.now() - started;
    clearInterval(timer);
    if (res.status !== 200 || bytes < 100_000) throw new Error(`inventory.pdf: ${res.status}, ${bytes} bytes`);
    const growth = peak - before;
    const method =
      `One server process (tsx, PGlite) with one artist's ${WORKS} works made through the API; GET /api/paperwork/inventory.pdf read ` +
      'to its last byte by the client; VmRSS of the server sampled every 10 ms from /proc, the peak less the value just before.';
    return [
      {
        name: `Inventory report of ${WORKS} works as PDF, time`,
        budget: `<= ${TIME_BUDGET_MS / 1000} s`,
        measured: `${(ms / 1000).toFixed(1)} s for ${mb(bytes)}`,
        pass: ms <= TIME_BUDGET_MS,
        method,
      },
      {
        name: `Inventory report of ${WORKS} works as PDF, server RSS growth`,
        budget: `<= ${mb(RSS_BUDGET)}`,
        measured: `${mb(growth)} (from ${mb(before)})`,
        pass: growth <= RSS_BUDGET,
        method,
      },
    ];
  } finally {
    await server.stop();
  }
}

export const paperworkSuite: Suite = { title: 'Paperwork: inventory report PDF', run: measure };
