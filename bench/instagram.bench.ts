import type { SocialPost } from '../src/schemas/social.schema';
import { connectInstagram } from '../test/support/instagram';
import { jpegOf } from '../test/support/media-host';
import { startMetaFake } from '../test/support/meta-fake';
import { postgresServerEnv, startPostgresCluster } from '../test/support/postgres-cluster';
import { addPostMedia, remoteApi } from '../test/support/social';
import { percentile, signedInUser, startServer, type BudgetResult, type Suite } from './support';

const POSTS = 100;
/** Artists, each with their own Instagram account, sharing the posts (the worker's fair share is per account and artist). */
const ARTISTS = 10;
const PROCESSING_MS = 2000;
const P95_BUDGET_MS = 8000;
/** Time to save the posts before they come due. */
const LEAD_MS = 30_000;

async function measure(label: string, env: Record<string, string>): Promise<BudgetResult> {
  const meta = await startMetaFake();
  meta.instagram.processingMs = PROCESSING_MS;
  const server = await startServer({ LOG_LEVEL: 'warn', SOCIAL_ALLOW_PRIVATE_NETWORK: 'true', ...meta.env, ...env });
  try {
    meta.instagram.redirectUris.push(`${server.url}/oauth/meta/instagram/callback`);
    const api = remoteApi(server.url);
    const image = await jpegOf(1080, 1350);
    const artists = [];
    for (let i = 0; i < ARTISTS; i++) {
      const { idToken } = await signedInUser(server, `ig-bench-${Date.now()}-${i}@example.com`);
      // Each artist signs in to an Instagram account of their own on the fake.
      const userId = meta.state.nextId('17841405');
      meta.state.igAccounts.set(userId, { userId, appScopedId: meta.state.nextId('7401'), username: `artist${i}.paints` });
      meta.instagram.loginAs = userId;
      await connectInstagram(api, idToken);
      artists.push({ token: idToken, handle: `artist${i}.paints` });
    }
    const due = Date.now() + LEAD_MS;
    const captions: string[] = [];
    for (let n = 0; n < POSTS; n += ARTISTS) {
      await Promise.all(
        artists.map(async (a, i) => {
          const caption = `Study ${n + i + 1} of ${POSTS}`;
          captions.push(caption);
          const saved = await api.request('/api/social-media/post', {
            method: 'POST',
            token: a.token,
            json: { content: caption, accounts: [{ platform: 'instagram', handle: a.handle }], dateScheduled: due },
          });
          if (!saved.ok) throw new Error(`save: ${saved.status} ${await saved.text()}`);
          const { postId } = (await saved.json()) as { postId: string };
          await addPostMedia(api, a.token, postId, image, 'image/jpeg', 'study.jpg');
        }),
      );
    }
    if (Date.now() > due - 500) throw new Error('saving the posts took longer than the lead time');

    const deadline = due + 120_000;
    let posts: SocialPost[] = [];
    for (;;) {
      posts = (
        await Promise.all(
          artists.map(
            async (a) => (await (await api.request('/api/social-media/post?drafts=false', { token: a.token })).json()) as SocialPost[],
          ),
        )
      ).flat();
      const settled = posts.filter((p) => ['posted', 'error'].includes(p.responses[0]?.postStatus ?? ''));
      if (posts.length === POSTS && settled.length === POSTS) break;
      if (Date.now() > deadline) throw new Error(`only ${settled.length} of ${POSTS} settled within two minutes`);
      await new Promise((r) => setTimeout(r, 250));
    }
    const posted = posts.filter((p) => p.responses[0].postStatus === 'posted');
    const lags = posted.map((p) => p.responses[0].datePosted! - due);
    const media = [...meta.state.igMedia.values()];
    const duplicates = media.length - new Set(media.map((m) => m.caption)).size;
    const missing = captions.filter((c) => !media.some((m) => m.caption === c)).length;
    const p95 = percentile(lags, 95);
    return {
      name: `Instagram: ${POSTS} posts due at once, each container IN_PROGRESS ${PROCESSING_MS / 1000} s (${label})`,
      budget: `p95 due -> published < ${P95_BUDGET_MS / 1000} s, 0 duplicates`,
      measured:
        `p95 ${(p95 / 1000).toFixed(2)} s (median ${(percentile(lags, 50) / 1000).toFixed(2)} s, last ${(Math.max(...lags) / 1000).toFixed(2)} s); ` +
        `${posted.length} posted, ${media.length} media on the fake, ${duplicates} duplicates, ${missing} missing`,
      pass: p95 < P95_BUDGET_MS && duplicates === 0 && missing === 0 && posted.length === POSTS,
      method:
        `One server process started as npm start does, against the Meta contract fake (test/support/meta-fake) in the bench process, ` +
        `whose crawler fetches each picture from the server's expiring /m/ address; ${ARTISTS} artists each with their own Instagram ` +
        `account, ${POSTS / ARTISTS} posts each (one image), all scheduled for the same moment; lag = datePosted - dateScheduled of ` +
        'each response; duplicates and missing counted from the media the fake published.',
    };
  } finally {
    await server.stop();
    await meta.close();
  }
}

/** Instagram's budget: posts due at one moment are published promptly and once, on either database. */
export const instagramSuite: Suite = {
  title: 'Social: Instagram publishing lag',
  async run() {
    const results = [await measure('PGlite', {})];
    const cluster = await startPostgresCluster();
    try {
      results.push(await measure('PostgreSQL', postgresServerEnv(cluster.url)));
    } finally {
      await cluster.stop();
    }
    return results;
  },
};
