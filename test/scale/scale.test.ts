import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startServer, startSmtp, type RunningServer } from '../support/browser';
import { startHaproxy } from '../support/haproxy';
import { startPds, type Pds } from '../support/pds';
import { createDatabase, postgresServerEnv, startPostgresCluster, type PostgresCluster } from '../support/postgres-cluster';
import { eventually, newPdsAccount, postRecords, type PdsAccount } from '../support/social';

// s3rver ships no type declarations.
const S3rver = createRequire(import.meta.url)('s3rver') as new (o: Record<string, unknown>) => {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
};

const INSTANCES = 3;
const POSTS = Number(process.env.SCALE_POSTS ?? 40);
/** Seconds of steady load measured before and after the trouble starts. */
const STEADY_SECONDS = Number(process.env.SCALE_STEADY_SECONDS ?? 5);

/**
 * Three instances on PostgreSQL, s3rver and a real PDS, behind HAProxy configured by deploy/haproxy.cfg. Under load:
 * one instance is killed (kill -9) while deliveries run, PostgreSQL restarts, and every instance is rolled (SIGTERM,
 * started again). No acknowledged write is lost, every post is on the PDS once, and no request through the proxy fails,
 * except 503s while PostgreSQL restarts.
 */
describe('several instances behind the proxy of deploy/', () => {
  let cluster: PostgresCluster;
  let pds: Pds;
  let artist: PdsAccount;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let s3: InstanceType<typeof S3rver>;
  let s3Dir: string;
  let haproxy: Awaited<ReturnType<typeof startHaproxy>>;
  let proxyUrl: string;
  let env: Record<string, string>;
  // A pool, so that the test's own queries survive the database restart too.
  let db: pg.Pool;
  const ports: number[] = [];
  const servers: Array<RunningServer | undefined> = [];

  beforeAll(async () => {
    cluster = await startPostgresCluster();
    const url = await createDatabase(cluster.adminUrl, `scale_${crypto.randomBytes(4).toString('hex')}`);
    db = new pg.Pool({ connectionString: url, max: 2 });
    db.on('error', () => undefined);
    pds = await startPds();
    artist = await newPdsAccount(pds, 'scaled');
    smtp = await startSmtp();
    s3Dir = await fs.mkdtemp(path.join(os.tmpdir(), 'studio-scale-s3-'));
    s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: s3Dir, configureBuckets: [{ name: 'studio', configs: [] }] });
    const { port: s3Port } = await s3.run();

    // The proxy's address is the public one (APP_URL) every instance must share: known before they start.
    const proxyPort = await freePort();
    proxyUrl = `http://127.0.0.1:${proxyPort}`;
    for (let i = 0; i < INSTANCES; i++) ports.push(await freePort());
    env = {
      ...postgresServerEnv(url),
      APP_URL: proxyUrl,
      DATABASE_POOL_SIZE: '5',
      SMTP_URL: smtp.url,
      MAIL_FROM: 'studio@example.test',
      S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
      S3_BUCKET: 'studio',
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
      TRUST_PROXY: '1',
      SOCIAL_ALLOW_PRIVATE_NETWORK: 'true',
      SOCIAL_POLL_MS: '200',
      SHUTDOWN_GRACE_SECONDS: '10',
      // HAProxy checks every second and takes an instance out after 3 failures.
      SHUTDOWN_DELAY_SECONDS: '4',
      LOG_LEVEL: 'warn',
    };
    servers[0] = await startInstance(0);
    const rest = await Promise.all(ports.slice(1).map((_, i) => startInstance(i + 1)));
    rest.forEach((s, i) => (servers[i + 1] = s));

    haproxy = await startHaproxy(ports, proxyPort);
  }, 240_000);

  afterAll(async () => {
    await haproxy?.close();
    await Promise.all(servers.map((s) => s?.stop().catch(() => undefined)));
    await db?.end().catch(() => undefined);
    await s3?.close();
    if (s3Dir) await fs.rm(s3Dir, { recursive: true, force: true });
    await pds?.close();
    await cluster?.stop();
  });

  const startInstance = (i: number) => startServer({ ...env, PORT: String(ports[i]) });

  it('loses nothing through a kill -9, a database restart and a rolling restart', async () => {
    // An artist signs up through the proxy (the mail arrives by SMTP, whichever instance sent it) and connects Bluesky.
    const email = `scale-${Date.now()}@example.test`;
    const call = (method: string, p: string, body?: unknown, token?: string) =>
      fetch(`${proxyUrl}/api${p}`, {
        method,
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    expect((await call('POST', '/auth/create', { email, password: 'Secret123' })).ok).toBe(true);
    const link = new URL(await smtp.linkTo(email, 'verify-email'));
    expect((await call('POST', '/auth/verify-email', { token: link.searchParams.get('token') })).ok).toBe(true);
    const token = ((await (await call('POST', '/auth/sign-in', { email, password: 'Secret123' })).json()) as { idToken: string }).idToken;
    const connected = await call(
      'POST',
      '/social-media/accounts',
      {
        platform: 'bluesky',
        handle: artist.handle,
        credentials: { identifier: artist.handle, appPassword: artist.appPassword, service: pds.url },
      },
      token,
    );
    expect(connected.ok).toBe(true);

    // Load: reads and writes through the proxy, every outcome counted.
    type Outcome = { at: number; ms: number; status: number | string; method: string };
    const outcomes: Outcome[] = [];
    const acknowledged: string[] = [];
    let running = true;
    const worker = async (w: number) => {
      for (let n = 0; running; n++) {
        const write = n % 4 === 0;
        const started = performance.now();
        let status: number | string;
        try {
          const res = write
            ? await call(
                'POST',
                '/artwork',
                {
                  title: `w${w}-${n}`,
                  saleStatus: 'NOT_FOR_SALE',
                  mediaType: 'AUDIO',
                  dimensions: { mediaType: 'AUDIO', durationInSeconds: 1 },
                },
                token,
              )
            : await call('GET', '/artwork?limit=10', undefined, token);
          status = res.status;
          if (write && res.status === 201) acknowledged.push(((await res.json()) as { artworkId: string }).artworkId);
          else await res.arrayBuffer();
        } catch (err) {
          status = String((err as Error).cause ?? err);
        }
        outcomes.push({ at: Date.now(), ms: performance.now() - started, status, method: write ? 'POST' : 'GET' });
        if (status === 503) await new Promise((r) => setTimeout(r, 200));
      }
    };
    const load = Array.from({ length: 8 }, (_, w) => worker(w));
    const steady = async () => {
      const from = Date.now();
      await new Promise((r) => setTimeout(r, STEADY_SECONDS * 1000));
      const window = outcomes.filter((o) => o.at >= from && o.status !== 503);
      const sorted = window.map((o) => o.ms).sort((a, b) => a - b);
      return { rps: Math.round(window.length / STEADY_SECONDS), p99: Math.round(sorted[Math.floor(sorted.length * 0.99)] ?? 0) };
    };
    const before = await steady();

    // Scheduled posts come due in a few seconds; one instance is killed while it holds leases.
    const run = crypto.randomBytes(3).toString('hex');
    const texts = Array.from({ length: POSTS }, (_, i) => `Scale ${i + 1} of ${POSTS} (${run})`);
    const due = Date.now() + 4000;
    for (const [i, text] of texts.entries()) {
      const res = await call(
        'POST',
        '/social-media/post',
        { content: text, accounts: [{ platform: 'bluesky', handle: artist.handle }], dateScheduled: due + i * 50 },
        token,
      );
      expect(res.status, await res.clone().text()).toBe(200);
    }
    const victim = 2;
    const pidOf = servers[victim]!.pid;
    await eventually(
      async () =>
        Number(
          (await db.query(`select count(*) as n from social_deliveries where status = 'pending' and locked_by like $1`, [`%:${pidOf}:%`]))
            .rows[0].n,
        ) > 0 || null,
      30_000,
      20,
    );
    process.kill(pidOf, 'SIGKILL');
    const killedAt = Date.now();
    await servers[victim]!.exited;
    await fs.rm(servers[victim]!.dataDir, { recursive: true, force: true });
    servers[victim] = await startInstance(victim);

    // PostgreSQL restarts: 503s are allowed from here until requests work again.
    await new Promise((r) => setTimeout(r, 1000));
    const restartFrom = Date.now();
    await cluster.restart();
    const databaseBack = Date.now();
    await eventually(async () => (await call('GET', '/artwork?limit=1', undefined, token)).status === 200 || null, 10_000, 50);
    const recoveredMs = Date.now() - databaseBack;
    // Recovered: the proxy has its instances back (each ready again, rise 2) and 20 requests in a row succeed.
    let inARow = 0;
    await eventually(
      async () => {
        inARow = (await call('GET', '/artwork?limit=1', undefined, token)).status === 200 ? inARow + 1 : 0;
        return inARow >= 20 || null;
      },
      20_000,
      100,
    );
    const restartTo = Date.now();

    // Rolling restart: one instance at a time, the next once the proxy sends it traffic again.
    for (let i = 0; i < INSTANCES; i++) {
      await servers[i]!.stop();
      servers[i] = await startInstance(i);
      await new Promise((r) => setTimeout(r, 2500));
    }
    const after = await steady();
    running = false;
    await Promise.all(load);

    // Every post on the PDS exactly once.
    await eventually(
      async () =>
        Number((await db.query(`select count(*) as n from social_deliveries where status = 'posted'`)).rows[0].n) === POSTS || null,
      60_000,
      250,
    );
    const records = await postRecords(artist.agent, artist.did);
    expect(records.map((r) => r.value.text).sort()).toEqual([...texts].sort());
    const latest = Number(
      (
        await db.query(
          `select extract(epoch from max(d.posted_at - p.date_scheduled)) as late from social_deliveries d join social_posts p on p.id = d.post_id`,
        )
      ).rows[0].late,
    );

    // No acknowledged write lost.
    const stored = new Set((await db.query(`select id from artworks`)).rows.map((r) => r.id as string));
    expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);

    const failed = outcomes.filter((o) => o.status !== 200 && o.status !== 201);
    // A request the killed instance was carrying when it died can get no answer: a POST is never repeated by the proxy
    // (it was not acknowledged, and may have been carried out), and a GET only when nothing of its answer had left the
    // instance (HAProxy's empty-response retry); one whose answer had begun is cut with the connection. Everything
    // else must succeed, except 503s while PostgreSQL restarts.
    const cutByKill = (o: Outcome) => typeof o.status === 'string' && o.at >= killedAt && o.at <= killedAt + 1000;
    const outsideRestart = failed.filter((o) => !(o.status === 503 && o.at >= restartFrom && o.at <= restartTo) && !cutByKill(o));
    const summary = {
      requests: outcomes.length,
      acknowledgedWrites: acknowledged.length,
      failed: failed.reduce(
        (acc: Record<string, number>, o) => ({ ...acc, [`${o.method} ${o.status}`]: (acc[`${o.method} ${o.status}`] ?? 0) + 1 }),
        {},
      ),
      steady3Before: before,
      steady3After: after,
      databaseRecoveredMs: recoveredMs,
      latestPostSeconds: +latest.toFixed(1),
      killedAt: new Date(killedAt).toISOString(),
    };
    console.log(`[scale] ${JSON.stringify(summary)}`);
    expect(
      outsideRestart.map(
        (o) =>
          `${o.method} ${o.status} ${o.at < restartFrom ? restartFrom - o.at : o.at - restartTo} ms ${o.at < restartFrom ? 'before' : 'after'} the restart`,
      ),
    ).toEqual([]);
    expect(recoveredMs).toBeLessThan(5000);
    expect(latest).toBeLessThan(20);
  });
});
