import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../server/config';
import type { AppDeps } from '../server/context';
import { createDeps } from '../server/deps';
import { socialDeliveries, users } from '../server/db/schema';
import { createLogger } from '../server/log';
import { refreshMetrics } from '../server/social/metrics';
import { METRICS_BATCH, METRICS_MAX_CALLS } from '../server/social/metrics-schedule';
import { startAppViewNetwork } from '../test/support/appview-network';
import { startFakeAppView } from '../test/support/fake-appview';
import { postgresServerEnv, startPostgresCluster } from '../test/support/postgres-cluster';
import { seedAccount, seedPosted } from '../test/support/posted-seed';
import type { BudgetResult, Suite } from './support';

const POSTS = 500;
const ACCOUNTS = 5;
const MIN = 60_000;
const DAY = 24 * 60 * MIN;
/** Simulated time: the refresher's rounds from a cold start (every post due) through three hours. */
const HOURS = 3;

/**
 * The server's deps, reading counts from the AppView at `appViewUrl`, on a data folder of their own; close() closes
 * the database and removes the folder.
 */
async function benchDeps(appViewUrl: string, env: Record<string, string> = {}) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-metrics-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret!',
    SOCIAL_ALLOW_PRIVATE_NETWORK: 'true',
    BSKY_APPVIEW_URL: appViewUrl,
    ...env,
  });
  const deps = await createDeps(config, createLogger('silent'));
  return {
    deps,
    async close() {
      await deps.database.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A verified user (posts are seeded under its accounts directly), its email made unique with `tag`. */
async function insertUser(deps: AppDeps, tag: string) {
  const [user] = await deps.db
    .insert(users)
    .values({ email: `metrics-${tag}-${Date.now()}@example.com`, passwordHash: 'x', emailVerifiedAt: new Date() })
    .returning();
  return user;
}

/**
 * 500 recent posts of 5 artists, of mixed ages (spread evenly over the schedule's week), refreshed round after round
 * on a simulated clock against a fake AppView that counts the calls; `everyMs` is the refresher's cadence
 * (SOCIAL_METRICS_MS). Every round is a real refreshMetrics on the database: claim, getPosts calls, stored counts.
 */
async function measure(label: string, env: Record<string, string>, everyMs: number) {
  const appview = await startFakeAppView();
  const { deps, close } = await benchDeps(appview.url, env);
  try {
    const start = new Date();
    for (let a = 0; a < ACCOUNTS; a++) {
      const user = await insertUser(deps, String(a));
      const account = await seedAccount(deps.db, user.id);
      const per = POSTS / ACCOUNTS;
      // Account a's posts take every ACCOUNTS-th age, so each account has posts of every age.
      const ages = Array.from({ length: per }, (_, i) => (((i * ACCOUNTS + a + 0.5) / POSTS) * 7 * DAY) | 0);
      for (const d of await seedPosted(deps.db, account, ages, start)) appview.set(d.uri, 1);
    }
    const rounds: { calls: number; read: number; ms: number }[] = [];
    for (let t = 0; t <= HOURS * 60 * MIN; t += everyMs) {
      const before = appview.calls.length;
      const began = performance.now();
      const r = await refreshMetrics(deps, { now: new Date(start.getTime() + t) });
      rounds.push({ calls: r.calls, read: r.read, ms: performance.now() - began });
      if (appview.calls.length - before !== r.calls) throw new Error('the AppView saw another number of calls than the round made');
    }
    const widest = Math.max(...appview.calls.map((c) => c.length));
    // Steady state: from the second hour on, when the cold start (every post due at once) is long caught up.
    const steady = rounds.slice(Math.ceil((60 * MIN) / everyMs));
    const maxSteady = Math.max(...steady.map((r) => r.calls));
    const meanSteady = steady.reduce((s, r) => s + r.calls, 0) / steady.length;
    const maxAny = Math.max(...rounds.map((r) => r.calls));
    const cold = rounds.slice(0, 3).map((r) => r.calls);
    const perHour = steady.reduce((s, r) => s + r.calls, 0) / ((steady.length * everyMs) / (60 * MIN));
    const slowest = Math.max(...rounds.map((r) => r.ms));
    return {
      name: `Metrics refresh of ${POSTS} recent posts of mixed ages, a round every ${everyMs / MIN} min (${label})`,
      budget: `≤ ${METRICS_MAX_CALLS} AppView calls a round (getPosts, ≤ ${METRICS_BATCH} URIs a call)`,
      measured:
        `steady state: at most ${maxSteady} calls a round (mean ${meanSteady.toFixed(1)}, ${perHour.toFixed(0)} an hour); ` +
        `cold start with all ${POSTS} due: ${cold.join(', ')} calls in the first rounds; at most ${maxAny} in any round; ` +
        `widest call ${widest} URIs; slowest round ${slowest.toFixed(0)} ms`,
      pass: maxAny <= METRICS_MAX_CALLS && widest <= METRICS_BATCH,
      method:
        `${POSTS} posted deliveries of ${ACCOUNTS} artists, posted evenly over the last 7 days, read by refreshMetrics (the worker's ` +
        `metrics round) on a simulated clock for ${HOURS} h against a fake AppView on loopback that counts getPosts calls ` +
        '(it counts every call; the last line checks the same round against a real AppView). Calls = HTTP requests the AppView received. Reading all 500 ' +
        `at once needs ${POSTS / METRICS_BATCH} calls (getPosts takes at most 25 URIs, its lexicon's maxLength): a round makes at most ` +
        `${METRICS_MAX_CALLS} (oldest due first, the rest in the next round), and the schedule (10 min the first day, hourly to a week) ` +
        'keeps the steady rounds far below that.',
    } satisfies BudgetResult;
  } finally {
    await close();
    await appview.close();
  }
}

/** Posts on the real network, each liked by `likesOf(i)` fans (the rest unliked), in refresh rounds of full calls. */
const REAL_POSTS = 2 * METRICS_BATCH;
const likesOf = (i: number) => i % 3;

/**
 * The same round against a real AppView (dev-env's TestNetwork, on a throwaway PostgreSQL and redis-server): 50 posts
 * written to its PDS and liked there, indexed by the AppView, read by one refreshMetrics round. It checks what the
 * fake cannot: that the real AppView takes getPosts calls of 25 URIs and answers with the counts the refresher stores.
 */
async function measureRealAppView() {
  const started = performance.now();
  const net = await startAppViewNetwork();
  const networkMs = performance.now() - started;
  const { deps, close } = await benchDeps(net.appViewUrl);
  try {
    const artist = await net.createAccount(`bench-artist-${Date.now() % 100000}.test`);
    const fans = [
      await net.createAccount(`bench-fan1-${Date.now() % 100000}.test`),
      await net.createAccount(`bench-fan2-${Date.now() % 100000}.test`),
    ];
    const posts: { uri: string; cid: string }[] = [];
    for (let i = 0; i < REAL_POSTS; i++) posts.push(await artist.agent.post({ text: `Bench post ${i}` }));
    await Promise.all(
      fans.map(async (fan, f) => {
        for (const [i, p] of posts.entries()) if (f < likesOf(i)) await fan.agent.like(p.uri, p.cid);
      }),
    );
    await net.processAll();

    const now = new Date();
    const user = await insertUser(deps, 'real');
    const account = await seedAccount(deps.db, user.id, artist.handle, artist.did);
    const rkeys = posts.map((p) => p.uri.split('/').pop()!);
    await seedPosted(deps.db, account, Array(REAL_POSTS).fill(60 * MIN), now, rkeys);
    const began = performance.now();
    const round = await refreshMetrics(deps, { now });
    const ms = performance.now() - began;
    const stored = new Map((await deps.db.select().from(socialDeliveries)).map((d) => [d.rkey, d.likes]));
    const right = rkeys.filter((rkey, i) => stored.get(rkey) === likesOf(i)).length;
    return {
      name: `Metrics refresh of ${REAL_POSTS} posts against a real AppView (dev-env TestNetwork)`,
      budget: `${REAL_POSTS / METRICS_BATCH} getPosts calls of ${METRICS_BATCH} URIs, every post's counts stored`,
      measured:
        `${round.calls} calls, ${round.read} read, ${round.failed} failed; likes right for ${right} of ${REAL_POSTS}; ` +
        `round ${ms.toFixed(0)} ms; network start ${(networkMs / 1000).toFixed(1)} s`,
      pass: round.calls === REAL_POSTS / METRICS_BATCH && round.read === REAL_POSTS && round.failed === 0 && right === REAL_POSTS,
      method:
        `${REAL_POSTS} posts written to the network's PDS, liked 0, 1 or 2 times by two other accounts, indexed by its AppView ` +
        '(processAll), then one refreshMetrics round with BSKY_APPVIEW_URL set to that AppView; the likes stored are compared with ' +
        'the likes given.',
    } satisfies BudgetResult;
  } finally {
    await close();
    await net.close();
  }
}

/** The metrics refresher's budget: few AppView calls for many recent posts, on either database, and a real AppView. */
export const metricsSuite: Suite = {
  title: 'Social: metrics refresh',
  async run() {
    const results: BudgetResult[] = [await measure('PGlite', {}, MIN), await measure('PGlite', {}, 10 * MIN)];
    const cluster = await startPostgresCluster();
    try {
      results.push(await measure('PostgreSQL', postgresServerEnv(cluster.url), MIN));
    } finally {
      await cluster.stop();
    }
    results.push(await measureRealAppView());
    return results;
  },
};
