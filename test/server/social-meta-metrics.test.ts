import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { socialAccounts, socialDeliveries } from '../../server/db/schema';
import { refreshMetrics } from '../../server/social/metrics';
import { FACEBOOK_CALLBACK, connectFacebook } from '../support/facebook-login';
import { instagramStudio, postToInstagram, settledResponse, type InstagramStudio } from '../support/instagram';
import { ERRORS } from '../support/meta-fake';
import { jpegOf } from '../support/media-host';
import { eventually, getPost, publish, savePostOk } from '../support/social';

const MIN = 60_000;

/**
 * Likes and comments of posts published on Instagram (IG Media: `like_count`, `comments_count`) and on a Facebook Page
 * (Page Post: `reactions.summary(total_count)`, `comments.summary(true)`), read on Bluesky's schedule by the same
 * refresher and shown in the same place.
 */
describe(`Instagram and Facebook post metrics (${process.env.TEST_DB})`, () => {
  let s: InstagramStudio;
  let igPost: string;
  let fbPost: string;
  let postedAt: number;
  beforeAll(async () => {
    // The refresher runs only when a test calls it.
    s = await instagramStudio({ SOCIAL_METRICS_MS: '0' });
    s.meta.facebook.redirectUris.push(`${s.t.deps.config.appUrl}${FACEBOOK_CALLBACK}`);
    expect((await connectFacebook(s.t, s.ada)).result).toMatchObject({ facebook: 'connected' });
    igPost = await postToInstagram(s, 'Counted on Instagram', [{ bytes: await jpegOf(900, 900), type: 'image/jpeg', name: 'a.jpg' }]);
    expect(await settledResponse(s, igPost)).toMatchObject({ postStatus: 'posted' });
    const fb = await savePostOk(s.t, s.ada, { content: 'Counted on Facebook', accounts: [{ platform: 'facebook', handle: 'ada paints' }] });
    fbPost = fb.postId;
    expect((await publish(s.t, s.ada, fbPost)).status).toBe(200);
    await eventually(
      async () => {
        await s.t.deps.social.worker.runOnce();
        return (await getPost(s.t, s.ada, fbPost)).responses[0]?.postStatus === 'posted' || null;
      },
      40_000,
      200,
    );
    const rows = await s.t.deps.db.select().from(socialDeliveries);
    postedAt = Math.max(...rows.map((r) => r.postedAt!.getTime()));
  });
  afterAll(async () => {
    await s?.close();
  });

  const mediaIdOf = async (postId: string) =>
    (await s.t.deps.db.select().from(socialDeliveries).where(eq(socialDeliveries.postId, postId)))[0].remoteSteps.mediaId!;
  const metricsOf = async (postId: string) => (await getPost(s.t, s.ada, postId)).responses[0].metrics;

  it('reads each network’s counts with the account’s own token, ten minutes after posting, and shows them on the post', async () => {
    const [igMedia, fbPostId] = [await mediaIdOf(igPost), await mediaIdOf(fbPost)];
    s.meta.setCounts(igMedia, 12, 3);
    s.meta.setCounts(fbPostId, 5, 2);
    // Not due yet.
    expect(await refreshMetrics(s.t.deps, { now: new Date(postedAt + 5 * MIN) })).toEqual({ calls: 0, read: 0, failed: 0 });
    const before = s.meta.calls.length;
    const now = new Date(postedAt + 11 * MIN);
    expect(await refreshMetrics(s.t.deps, { now })).toEqual({ calls: 2, read: 2, failed: 0 });
    const asked = s.meta.calls.slice(before);
    expect(asked.find((c) => c.host === 'instagram-graph')).toMatchObject({ path: expect.stringMatching(new RegExp(`/${igMedia}$`)) });
    expect(asked.find((c) => c.host === 'facebook-graph')).toMatchObject({ path: expect.stringMatching(new RegExp(`/${fbPostId}$`)) });
    expect(await metricsOf(igPost)).toEqual({ likes: 12, reposts: 0, replies: 3, quotes: 0, readAt: now.getTime() });
    expect(await metricsOf(fbPost)).toEqual({ likes: 5, reposts: 0, replies: 2, quotes: 0, readAt: now.getTime() });
  });

  it('a call without an answer is tried again five minutes later; a deleted media keeps its last counts and moves on', async () => {
    const igMedia = await mediaIdOf(igPost);
    s.meta.failNext({ host: 'instagram-graph', method: 'GET', path: new RegExp(`/${igMedia}$`) }, ERRORS.serverError);
    s.meta.setCounts(await mediaIdOf(fbPost), 9, 4);
    const second = new Date(postedAt + 21 * MIN);
    expect(await refreshMetrics(s.t.deps, { now: second })).toEqual({ calls: 2, read: 1, failed: 1 });
    expect((await metricsOf(fbPost))!.likes).toBe(9);
    expect((await metricsOf(igPost))!.likes).toBe(12);
    // Due again five minutes on (before its next beat), and then read.
    s.meta.setCounts(igMedia, 13, 3);
    const retry = new Date(second.getTime() + 5 * MIN + 1000);
    expect(await refreshMetrics(s.t.deps, { now: retry })).toEqual({ calls: 1, read: 1, failed: 0 });
    expect(await metricsOf(igPost)).toMatchObject({ likes: 13, readAt: retry.getTime() });

    // The artist deleted it on Instagram: Meta answers 100/33; the counts stay as last read, and it waits for its beat.
    s.meta.state.igMedia.delete(igMedia);
    const later = new Date(postedAt + 41 * MIN);
    expect(await refreshMetrics(s.t.deps, { now: later })).toEqual({ calls: 2, read: 1, failed: 0 });
    expect(await metricsOf(igPost)).toMatchObject({ likes: 13, readAt: retry.getTime() });
    expect(await refreshMetrics(s.t.deps, { now: new Date(later.getTime() + MIN) })).toEqual({ calls: 0, read: 0, failed: 0 });
  });

  it('a refused token reads nothing and marks nothing: the account is not "Needs reconnecting" from a count', async () => {
    const [page] = await s.t.deps.db.select().from(socialAccounts).where(eq(socialAccounts.platform, 'facebook'));
    s.meta.revoke([...s.meta.state.fbUsers.keys()][0]);
    try {
      expect(await refreshMetrics(s.t.deps, { now: new Date(postedAt + 51 * MIN) })).toMatchObject({ read: 0, failed: 0 });
      expect((await metricsOf(fbPost))!.likes).toBe(9);
      const [after] = await s.t.deps.db.select().from(socialAccounts).where(eq(socialAccounts.id, page.id));
      expect(after.needsReconnectAt).toBeNull();
    } finally {
      s.meta.restore([...s.meta.state.fbUsers.keys()][0]);
    }
  });
});
