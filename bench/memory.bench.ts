import { onThrowawayPostgres } from '../test/support/postgres-cluster';
import { mb, rssOf, signedInUser, startServer, type BudgetResult, type Suite } from './support';

const IDLE_MS = Number(process.env.MEMORY_BENCH_IDLE_MS ?? 15_000);
const ARTWORKS = 5;
const LIST_READS = 20;

const artwork = (i: number) => ({
  title: `Study ${i}`,
  saleStatus: 'AVAILABLE',
  mediaType: 'DIGITAL_2D',
  dimensions: { mediaType: 'DIGITAL_2D', height: 1080, width: 1920 },
  tags: ['study'],
});

/**
 * A fresh server as `npm start` runs it (new data directory), then what an artist's first minutes do: sign-up,
 * a few artworks, list reads; then the server idles and its resident memory is read from /proc.
 */
async function idleRss(label: string, env: Record<string, string>, budgetMb: number): Promise<BudgetResult> {
  const server = await startServer({ LOG_LEVEL: 'warn', ...env });
  try {
    const { idToken } = await signedInUser(server);
    const headers = { authorization: `Bearer ${idToken}`, 'content-type': 'application/json' };
    for (let i = 0; i < ARTWORKS; i++) {
      const res = await fetch(`${server.url}/api/artwork`, { method: 'POST', headers, body: JSON.stringify(artwork(i)) });
      if (res.status !== 201) throw new Error(`artwork ${i}: ${res.status} ${await res.text()}`);
    }
    for (let i = 0; i < LIST_READS; i++) {
      const res = await fetch(`${server.url}/api/artwork?page=1&pageSize=12`, { headers });
      if (!res.ok) throw new Error(`list: ${res.status}`);
      await res.arrayBuffer();
    }
    await new Promise((r) => setTimeout(r, IDLE_MS));
    const rss = await rssOf(server.pid);
    return {
      name: `Server RSS at idle (${label})`,
      budget: `<= ${budgetMb} MB`,
      measured: mb(rss),
      pass: rss <= budgetMb * 1024 * 1024,
      method: `The compiled server npm start runs, on a new data directory; sign-up, ${ARTWORKS} artworks and ${LIST_READS} list reads, then ${IDLE_MS / 1000} s idle; VmRSS of the server process from /proc/<pid>/status.`,
    };
  } finally {
    await server.stop();
  }
}

export const memorySuite: Suite = {
  title: 'Server memory at idle',
  async run() {
    return [await idleRss('PGlite', {}, 250), await onThrowawayPostgres((env) => idleRss('PostgreSQL', env, 150))];
  },
};
