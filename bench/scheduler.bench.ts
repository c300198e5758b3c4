import type { SocialPost } from '../src/schemas/social.schema';
import { startPds, type Pds } from '../test/support/pds';
import { postgresServerEnv, startPostgresCluster } from '../test/support/postgres-cluster';
import { postRecords } from '../test/support/social';
import { signedInUser, startServer, type BudgetResult, type Suite } from './support';

const POSTS = 100;
const LAG_BUDGET_MS = 2000;
/** Time to save the drafts before they come due. */
const LEAD_MS = 6000;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

async function measure(pds: Pds, label: string, env: Record<string, string>): Promise<BudgetResult> {
  const artist = await pds.createAccount(`bench${Date.now() % 1_000_000}.test`);
  const server = await startServer({ LOG_LEVEL: 'warn', SOCIAL_ALLOW_PRIVATE_NETWORK: 'true', ...env });
  try {
    const { idToken } = await signedInUser(server);
    const call = async (path: string, body?: unknown) => {
      const res = await fetch(`${server.url}/api${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { authorization: `Bearer ${idToken}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      return res.json();
    };
    await call('/social-media/accounts', {
      platform: 'bluesky',
      handle: artist.handle,
      credentials: { identifier: artist.handle, appPassword: artist.appPassword, service: pds.url },
    });
    const due = Date.now() + LEAD_MS;
    const texts = Array.from({ length: POSTS }, (_, i) => `Scheduled ${i + 1} of ${POSTS} #bench`);
    for (let i = 0; i < POSTS; i += 10) {
      await Promise.all(
        texts
          .slice(i, i + 10)
          .map((content) =>
            call('/social-media/post', { content, accounts: [{ platform: 'bluesky', handle: artist.handle }], dateScheduled: due }),
          ),
      );
    }
    if (Date.now() > due - 500) throw new Error('saving the drafts took longer than the lead time');

    let posts: SocialPost[] = [];
    const deadline = due + 60_000;
    for (;;) {
      posts = (await call('/social-media/post?drafts=false')) as SocialPost[];
      if (posts.length === POSTS && posts.every((p) => p.responses[0]?.postStatus === 'posted')) break;
      if (Date.now() > deadline)
        throw new Error(`only ${posts.filter((p) => p.responses[0]?.postStatus === 'posted').length} of ${POSTS} posted within a minute`);
      await new Promise((r) => setTimeout(r, 250));
    }
    const lags = posts.map((p) => p.responses[0].datePosted! - due);
    const records = await postRecords(artist.agent, artist.did);
    const duplicates = records.length - new Set(records.map((r) => r.value.text)).size;
    const missing = texts.filter((t) => !records.some((r) => r.value.text === t)).length;
    const p95 = percentile(lags, 95);
    const pass = p95 < LAG_BUDGET_MS && duplicates === 0 && missing === 0 && records.length === POSTS;
    return {
      name: `Scheduler lag, ${POSTS} posts due at the same moment (${label})`,
      budget: `p95 < ${LAG_BUDGET_MS / 1000} s, 0 duplicates`,
      measured:
        `p95 ${(p95 / 1000).toFixed(2)} s (median ${(percentile(lags, 50) / 1000).toFixed(2)} s, first ${(Math.min(...lags) / 1000).toFixed(2)} s, ` +
        `last ${(Math.max(...lags) / 1000).toFixed(2)} s); ${records.length} records on the PDS, ${duplicates} duplicates, ${missing} missing`,
      pass,
      method:
        `One server process started as npm start does, with the local PDS (@atproto/dev-env) in the bench process; ${POSTS} drafts of one artist ` +
        'saved through the API, all scheduled for the same moment a few seconds ahead; lag = datePosted - dateScheduled of each response; ' +
        'duplicates counted from listRecords on the PDS.',
    };
  } finally {
    await server.stop();
  }
}

/** The scheduler's budget: posts due at one moment go out promptly and once, on either database. */
export const schedulerSuite: Suite = {
  title: 'Social: scheduler lag',
  async run() {
    const pds = await startPds();
    try {
      const results = [await measure(pds, 'PGlite', {})];
      const cluster = await startPostgresCluster();
      try {
        results.push(await measure(pds, 'PostgreSQL', postgresServerEnv(cluster.url)));
      } finally {
        await cluster.stop();
      }
      return results;
    } finally {
      await pds.close();
    }
  },
};
