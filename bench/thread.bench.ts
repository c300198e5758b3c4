import type { SocialPost } from '../src/schemas/social.schema';
import { startPds, type Pds } from '../test/support/pds';
import { postgresServerEnv, startPostgresCluster } from '../test/support/postgres-cluster';
import { autoBreaks } from '../src/schemas/post-thread';
import { postRecords } from '../test/support/social';
import { signedInUser, startServer, type BudgetResult, type Suite } from './support';

const POSTS = 100;
const PARTS = 4;
const LAG_BUDGET_MS = 3000;
/** Time to save the drafts before they come due. */
const LEAD_MS = 6000;

/** A text of four posts' length (about 1000 characters), numbered so that every part of every thread is unique. */
const threadText = (n: number) =>
  Array.from({ length: 120 }, (_, i) => `t${String(n).padStart(3, '0')}w${i}${i % 10 === 9 ? '.' : ''}`).join(' ');

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

async function measure(pds: Pds, label: string, env: Record<string, string>): Promise<BudgetResult> {
  const artist = await pds.createAccount(`thread${Date.now() % 1_000_000}.test`);
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
    const contents = Array.from({ length: POSTS }, (_, i) => threadText(i + 1));
    for (let i = 0; i < POSTS; i += 10) {
      await Promise.all(
        contents.slice(i, i + 10).map((content) => {
          const threadBreaks = autoBreaks(content);
          if (threadBreaks.length !== PARTS - 1) throw new Error(`a thread of ${threadBreaks.length + 1} parts, not ${PARTS}`);
          return call('/social-media/post', {
            content,
            threadBreaks,
            accounts: [{ platform: 'bluesky', handle: artist.handle }],
            dateScheduled: due,
          });
        }),
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
    // A response is posted once the thread's last part is written.
    const lags = posts.map((p) => p.responses[0].datePosted! - due);
    const records = await postRecords(artist.agent, artist.did);
    const duplicates = records.length - new Set(records.map((r) => r.value.text)).size;
    const expected = POSTS * PARTS;
    const replies = records.filter((r) => (r.value as { reply?: unknown }).reply).length;
    const p95 = percentile(lags, 95);
    const pass = p95 <= LAG_BUDGET_MS && duplicates === 0 && records.length === expected && replies === POSTS * (PARTS - 1);
    return {
      name: `Thread lag, ${POSTS} threads of ${PARTS} parts due at the same moment (${label})`,
      budget: `p95 <= ${LAG_BUDGET_MS / 1000} s to the last part, 0 duplicates`,
      measured:
        `p95 ${(p95 / 1000).toFixed(2)} s (median ${(percentile(lags, 50) / 1000).toFixed(2)} s, first ${(Math.min(...lags) / 1000).toFixed(2)} s, ` +
        `last ${(Math.max(...lags) / 1000).toFixed(2)} s); ${records.length} of ${expected} records on the PDS (${replies} replies), ${duplicates} duplicates`,
      pass,
      method:
        `One server process started as npm start does, with the local PDS (@atproto/dev-env) in the bench process; ${POSTS} threads of one ` +
        `artist (about 1000 characters each, split into ${PARTS} parts at word starts) saved through the API, all scheduled for the same ` +
        'moment a few seconds ahead; lag = datePosted - dateScheduled of each response (set once the last part is written); records, ' +
        'replies and duplicates counted from listRecords on the PDS.',
    };
  } finally {
    await server.stop();
  }
}

/** Threads' budget: threads due at one moment go out promptly, every part once, on either database. */
export const threadSuite: Suite = {
  title: 'Social: thread lag',
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
