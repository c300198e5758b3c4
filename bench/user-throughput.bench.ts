import autocannon from 'autocannon';
import { onThrowawayPostgres } from '../test/support/postgres-cluster';
import { signedInUser, startServer, type BudgetResult, type Suite } from './support';

const SECONDS = 8;
const CONNECTIONS = 16;

async function load(url: string, headers: Record<string, string> = {}) {
  // A short warm-up so both routes are measured hot.
  await autocannon({ url, headers, connections: CONNECTIONS, duration: 2 });
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: SECONDS });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
}

async function measure(label: string, env: Record<string, string>): Promise<BudgetResult> {
  const server = await startServer({ LOG_LEVEL: 'warn', ...env });
  try {
    const { idToken } = await signedInUser(server);
    const bare = await load(`${server.url}/api/ping`);
    const user = await load(`${server.url}/api/user`, { authorization: `Bearer ${idToken}` });
    const ratio = user / bare;
    return {
      name: `GET /api/user throughput vs a bare route (${label})`,
      budget: '>= 40% of /api/ping',
      measured: `${(ratio * 100).toFixed(0)}% (${user.toFixed(0)} vs ${bare.toFixed(0)} req/s)`,
      pass: ratio >= 0.4,
      method: `autocannon in the bench process, ${CONNECTIONS} connections, ${SECONDS} s after a 2 s warm-up, against one server process started as npm start does.`,
    };
  } finally {
    await server.stop();
  }
}

/** GET /api/user (bearer token, session check, user) against the same server's bare route. */
export const userThroughputSuite: Suite = {
  title: 'GET /api/user throughput',
  async run() {
    return [await measure('PGlite', {}), await onThrowawayPostgres((env) => measure('PostgreSQL', env))];
  },
};
