import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../support/browser';
import { createDatabase, startPostgresCluster, type PostgresCluster } from '../support/postgres-cluster';
import { eventually, signUpOn } from '../support/social';

/**
 * A database that goes away and comes back (a restart, a failover, a proxy that drops idle connections) is not an
 * outage: the server stays up, answers 503 with Retry-After meanwhile, and works again by itself, with every write it
 * acknowledged kept. This file restarts its own PostgreSQL, so it starts one of its own rather than share the run's.
 */
describe('the database goes away and comes back', () => {
  let cluster: PostgresCluster;
  let server: RunningServer;
  let url: string;
  let token: string;

  beforeAll(async () => {
    cluster = await startPostgresCluster();
    url = await createDatabase(cluster.adminUrl, `restart_${crypto.randomBytes(4).toString('hex')}`);
    server = await startServer({
      DATABASE_URL: url,
      DATABASE_POOL_SIZE: '4',
      JWT_SECRET: crypto.randomBytes(24).toString('base64url'),
      SOCIAL_SECRET_KEY: crypto.randomBytes(24).toString('base64url'),
      LOG_LEVEL: 'info',
    });
    token = await signUpOn(server);
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await cluster?.stop();
  });

  const createArtwork = (title: string) =>
    fetch(`${server.url}/api/artwork`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        title,
        saleStatus: 'NOT_FOR_SALE',
        mediaType: 'AUDIO',
        dimensions: { mediaType: 'AUDIO', durationInSeconds: 1 },
      }),
    });
  const listOk = async () => (await fetch(`${server.url}/api/artwork`, { headers: { authorization: `Bearer ${token}` } })).status === 200;
  const alive = () => {
    try {
      process.kill(server.pid, 0);
      return true;
    } catch {
      return false;
    }
  };

  it('survives every one of its connections being terminated', async () => {
    expect(await listOk()).toBe(true);
    const admin = new pg.Client({ connectionString: cluster.adminUrl });
    await admin.connect();
    const dbName = new URL(url).pathname.slice(1);
    const terminated = await admin.query(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`,
      [dbName],
    );
    await admin.end();
    // The pool's idle connections and the LISTEN connection.
    expect(terminated.rowCount).toBeGreaterThanOrEqual(2);
    await eventually(async () => (await listOk()) || null, 5000, 50);
    await eventually(async () => server.log().includes('notification connection restored') || null, 5000, 50);
    expect(alive()).toBe(true);
    expect(server.log()).not.toMatch(/Unhandled 'error' event/);
  });

  it('answers 503 while PostgreSQL restarts under load, recovers within 5 s and loses no acknowledged write', async () => {
    const statuses = new Map<number | string, number>();
    const acknowledged: string[] = [];
    let retryAfter: string | null = null;
    let running = true;
    let n = 0;
    const workers = Array.from({ length: 4 }, async () => {
      while (running) {
        const title = `restart ${++n}`;
        try {
          const res = await createArtwork(title);
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          if (res.status === 201) acknowledged.push(((await res.json()) as { artworkId: string }).artworkId);
          else {
            if (res.status === 503) retryAfter = res.headers.get('retry-after');
            await res.body?.cancel();
            await new Promise((r) => setTimeout(r, 20));
          }
        } catch (err) {
          const key = String((err as Error).cause ?? err);
          statuses.set(key, (statuses.get(key) ?? 0) + 1);
        }
      }
    });
    await new Promise((r) => setTimeout(r, 500));
    await cluster.restart();
    const back = performance.now();
    await eventually(async () => (await listOk()) || null, 5000, 50);
    const recoveredMs = Math.round(performance.now() - back);
    await new Promise((r) => setTimeout(r, 500));
    running = false;
    await Promise.all(workers);

    console.log(
      `[db-restart] statuses ${JSON.stringify(Object.fromEntries(statuses))}; recovered ${recoveredMs} ms after PostgreSQL was back`,
    );
    expect(alive()).toBe(true);
    // Only successes and "briefly unavailable": never a 500, never a dropped connection.
    expect([...statuses.keys()].every((s) => s === 201 || s === 503)).toBe(true);
    expect(statuses.get(503)).toBeGreaterThan(0);
    expect(retryAfter).toMatch(/^\d+$/);
    expect(recoveredMs).toBeLessThan(5000);

    const check = new pg.Client({ connectionString: url });
    await check.connect();
    const stored = new Set((await check.query(`select id from artworks`)).rows.map((r) => r.id as string));
    await check.end();
    expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
    expect(acknowledged.length).toBeGreaterThan(0);
    // Home's report, read after the restart, counts every work stored (each a piece of its own).
    const report = await fetch(`${server.url}/api/report`, { headers: { authorization: `Bearer ${token}` } });
    expect(report.status).toBe(200);
    expect(((await report.json()) as { pieces: { total: number } }).pieces.total).toBe(stored.size);
  }, 60_000);
});
