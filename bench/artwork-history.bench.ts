import { historyPageSchema } from '../src/schemas/history.schema';
import { artworkInput } from '../test/support/portfolio';
import { onThrowawayPostgres } from '../test/support/postgres-cluster';
import { percentile, signedInUser, startServer, type BudgetResult, type Suite } from './support';

const EVENTS = 500;
const READS = 50;
const FIRST_PAGE_BUDGET_MS = 100;
const WHOLE_BUDGET_MS = 1000;

/** Another artist's work with its own long history, so the read must find one work's entries among many. */
async function workWithHistory(url: string, token: string, events: number) {
  const call = async (path: string, method = 'GET', json?: unknown) => {
    const res = await fetch(`${url}/api${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(json === undefined ? {} : { 'content-type': 'application/json' }) },
      body: json === undefined ? undefined : JSON.stringify(json),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  const { artworkId } = await call('/artwork', 'POST', artworkInput('PHYSICAL_2D', { title: 'Travelling Study' }));
  // Each pair is two changes of its life through the chart: moved to a named place, then back in the studio.
  for (let i = 1; i < events; i += 2) {
    await call(`/artwork/${artworkId}/location`, 'POST', { place: `Storage ${i}`, note: `Move ${i}` });
    await call(`/artwork/${artworkId}/location/studio`, 'POST', { note: '' });
  }
  return { artworkId, call };
}

async function timed(fn: () => Promise<unknown>) {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

async function measure(label: string, env: Record<string, string>): Promise<BudgetResult[]> {
  const server = await startServer({ LOG_LEVEL: 'warn', ...env });
  try {
    const noise = await signedInUser(server, `history-noise-${Date.now()}@example.com`);
    await workWithHistory(server.url, noise.idToken, 100);
    const artist = await signedInUser(server, `history-${Date.now()}@example.com`);
    const { artworkId, call } = await workWithHistory(server.url, artist.idToken, EVENTS);

    const readAll = async () => {
      let cursor: string | null = null;
      let count = 0;
      do {
        const page = historyPageSchema.parse(
          await call(`/artwork/${artworkId}/history?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`),
        );
        count += page.items.length;
        cursor = page.nextCursor;
      } while (cursor);
      return count;
    };
    // The work's 500 changes and its creation.
    const total = await readAll();
    if (total !== EVENTS + 1) throw new Error(`the history has ${total} entries, not ${EVENTS + 1}`);

    const first: number[] = [];
    const whole: number[] = [];
    for (let i = 0; i < READS; i += 1) {
      first.push(await timed(() => call(`/artwork/${artworkId}/history`)));
      whole.push(await timed(readAll));
    }
    const p95First = percentile(first, 95);
    const p95Whole = percentile(whole, 95);
    const method =
      `One server process started as npm start does (${label}); an artwork given ${EVENTS} changes of its life through the API (moved ` +
      'elsewhere and back, each a journal entry), beside another artist with 100; timed from the client: GET /api/artwork/{id}/history ' +
      `(first page of 50) and every page of 100 to the end, ${READS} times each, one after the other.`;
    return [
      {
        name: `History of a work with ${EVENTS} events, first page (${label})`,
        budget: `p95 <= ${FIRST_PAGE_BUDGET_MS} ms`,
        measured: `p95 ${p95First.toFixed(1)} ms (median ${percentile(first, 50).toFixed(1)} ms)`,
        pass: p95First <= FIRST_PAGE_BUDGET_MS,
        method,
      },
      {
        name: `History of a work with ${EVENTS} events, every page (${label})`,
        budget: `p95 <= ${WHOLE_BUDGET_MS} ms`,
        measured: `p95 ${p95Whole.toFixed(1)} ms (median ${percentile(whole, 50).toFixed(1)} ms) for ${total} entries`,
        pass: p95Whole <= WHOLE_BUDGET_MS,
        method,
      },
    ];
  } finally {
    await server.stop();
  }
}

/** An artwork's history stays quick to read however long its life (the journal's index on artwork, time, id). */
export const artworkHistorySuite: Suite = {
  title: 'Inventory: artwork history',
  run: async () => {
    const results = await measure('PGlite', {});
    results.push(...(await onThrowawayPostgres((env) => measure('PostgreSQL', env))));
    return results;
  },
};
