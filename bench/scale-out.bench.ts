import autocannon from 'autocannon';
import { startHaproxy } from '../test/support/haproxy';
import { postgresServerEnv, startPostgresCluster } from '../test/support/postgres-cluster';
import { freePort } from '../test/support/browser';
import { signedInUser, startServer, type RunningServer, type Suite } from './support';

const SECONDS = Number(process.env.SCALE_BENCH_SECONDS ?? 10);
const CONNECTIONS = 16;
const INSTANCES = 3;

const load = (url: string, token: string, duration: number) =>
  autocannon({ url: `${url}/api/user`, headers: { authorization: `Bearer ${token}` }, connections: CONNECTIONS, duration });

/**
 * Instances behind the HAProxy of deploy/: GET /api/user through the proxy with one and with three instances, a
 * rolling restart of all three under that load (no request may fail). The recovery from a PostgreSQL restart is
 * measured by `npm run test:scale` and test/server/db-restart.pg.test.ts.
 */
export const scaleOutSuite: Suite = {
  title: 'Scale-out behind a proxy',
  async run() {
    const cluster = await startPostgresCluster();
    const servers: RunningServer[] = [];
    const proxies: Array<{ close(): Promise<void> }> = [];
    try {
      const env = {
        ...postgresServerEnv(cluster.url),
        LOG_LEVEL: 'warn',
        TRUST_PROXY: '1',
        SHUTDOWN_GRACE_SECONDS: '10',
        SHUTDOWN_DELAY_SECONDS: '4',
      };
      const ports = await Promise.all(Array.from({ length: INSTANCES }, () => freePort()));
      const start = (i: number) => startServer({ ...env, PORT: String(ports[i]), APP_URL: 'http://studio.test' });
      servers.push(await start(0));
      servers.push(...(await Promise.all([1, 2].map(start))));
      const { idToken } = await signedInUser(servers[0]);
      const method =
        `autocannon in the bench process, ${CONNECTIONS} connections, ${SECONDS} s after a 2 s warm-up, GET /api/user through HAProxy ` +
        `(deploy/haproxy.cfg) to server processes started as npm start does on one PostgreSQL 15; the rolling restart sends SIGTERM to each ` +
        `instance in turn under that load and starts it again.`;

      const figures: Record<number, autocannon.Result> = {};
      for (const count of [1, INSTANCES]) {
        const proxy = await startHaproxy(ports.slice(0, count));
        proxies.push(proxy);
        await load(proxy.url, idToken, 2);
        figures[count] = await load(proxy.url, idToken, SECONDS);
        await proxy.close();
      }
      const rate = (r: autocannon.Result) => `${r.requests.average.toFixed(0)} req/s, p99 ${r.latency.p99} ms`;

      const proxy = await startHaproxy(ports);
      proxies.push(proxy);
      const rolling = load(proxy.url, idToken, 3600);
      const rolled = performance.now();
      for (let i = 0; i < INSTANCES; i++) {
        await servers[i].stop();
        servers[i] = await start(i);
        // rise 2 at inter 1 s: back in the proxy's rotation before the next one leaves.
        await new Promise((r) => setTimeout(r, 2500));
      }
      (rolling as unknown as { stop(): void }).stop();
      const during = await rolling;
      const rolledSeconds = ((performance.now() - rolled) / 1000).toFixed(0);

      const lost = during.errors + during.non2xx;
      return [
        {
          name: 'GET /api/user through the proxy, 1 instance',
          budget: 'reported',
          measured: rate(figures[1]),
          pass: figures[1].non2xx + figures[1].errors === 0,
          method,
        },
        {
          name: `GET /api/user through the proxy, ${INSTANCES} instances`,
          budget: 'reported',
          measured: rate(figures[INSTANCES]),
          pass: figures[INSTANCES].non2xx + figures[INSTANCES].errors === 0,
          method,
        },
        {
          name: `Requests lost in a rolling restart of ${INSTANCES} instances under load`,
          budget: '0',
          measured: `${lost} of ${during.requests.total} (${during.errors} errors, ${during.non2xx} non-2xx) over ${rolledSeconds} s`,
          pass: lost === 0,
          method,
        },
      ];
    } finally {
      for (const p of proxies) await p.close();
      await Promise.all(servers.map((s) => s.stop().catch(() => undefined)));
      await cluster.stop();
    }
  },
};
