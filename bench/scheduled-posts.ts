import type { SocialPost } from '../src/schemas/social.schema';
import type { Pds } from '../test/support/pds';
import { startPds } from '../test/support/pds';
import { postgresServerEnv, startPostgresCluster } from '../test/support/postgres-cluster';
import { postRecords, type PostRecord } from '../test/support/social';
import { signedInUser, startServer, type BudgetResult } from './support';

/** Time to save the drafts before they come due. */
const LEAD_MS = 6000;

export interface ScheduledRun {
  /** datePosted - dateScheduled of each post, in ms. */
  lags: number[];
  /** Every app.bsky.feed.post record of the artist's account on the PDS afterwards. */
  records: PostRecord[];
}

/**
 * One server process started as npm start does (`env` on top), an artist with a new account on the local PDS, and the
 * given drafts (what POST /social-media/post takes, less accounts and time) saved through the API, all scheduled for
 * the same moment a few seconds ahead; waits until every one is posted (at most a minute after that moment).
 */
export async function publishAllAtOnce(
  pds: Pds,
  env: Record<string, string>,
  drafts: Array<Record<string, unknown>>,
): Promise<ScheduledRun> {
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
    for (let i = 0; i < drafts.length; i += 10) {
      await Promise.all(
        drafts
          .slice(i, i + 10)
          .map((draft) =>
            call('/social-media/post', { ...draft, accounts: [{ platform: 'bluesky', handle: artist.handle }], dateScheduled: due }),
          ),
      );
    }
    if (Date.now() > due - 500) throw new Error('saving the drafts took longer than the lead time');

    let posts: SocialPost[] = [];
    const deadline = due + 60_000;
    for (;;) {
      posts = (await call('/social-media/post?drafts=false')) as SocialPost[];
      if (posts.length === drafts.length && posts.every((p) => p.responses[0]?.postStatus === 'posted')) break;
      if (Date.now() > deadline)
        throw new Error(
          `only ${posts.filter((p) => p.responses[0]?.postStatus === 'posted').length} of ${drafts.length} posted within a minute`,
        );
      await new Promise((r) => setTimeout(r, 250));
    }
    return { lags: posts.map((p) => p.responses[0].datePosted! - due), records: await postRecords(artist.agent, artist.did) };
  } finally {
    await server.stop();
  }
}

/** A measure run once on PGlite and once on a throwaway PostgreSQL, against one local PDS. */
export async function onBothDatabases(measure: (pds: Pds, label: string, env: Record<string, string>) => Promise<BudgetResult>) {
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
}
