import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { SocialPost } from '../../src/schemas/social.schema';
import { refreshMetrics } from '../../server/social/metrics';
import { startAppViewNetwork, type AppViewNetwork } from '../support/appview-network';
import { SOCIAL_TEST_ENV, connectOk, eventually, newPdsAccount, publish, savePostOk, type PdsAccount } from '../support/social';
import { createTestApp, signedInUser, type TestApp } from '../support/test-app';

const MIN = 60_000;

/**
 * Likes, reposts, replies and quotes read from a real AppView: dev-env's TestNetwork (PLC, PDS, AppView indexing the
 * PDS's firehose) on a throwaway PostgreSQL and redis-server (test/support/appview-network.ts). The AppView keeps its
 * data in PostgreSQL, so this file runs in the server:postgres project only (`*.pg.test.ts`). The call counting and
 * schedule are tested against a fake AppView in social-metrics.db.test.ts.
 */
describe('post metrics from a real AppView', () => {
  let net: AppViewNetwork;
  let t: TestApp;
  let ada: string;
  let artist: PdsAccount;
  let fans: PdsAccount[];
  beforeAll(async () => {
    net = await startAppViewNetwork({ pgAdminUrl: inject('pgAdminUrl') });
    // SOCIAL_METRICS_MS=0: no refresher in the background; the test runs its rounds itself.
    t = await createTestApp({ ...SOCIAL_TEST_ENV, BSKY_APPVIEW_URL: net.appViewUrl, SOCIAL_METRICS_MS: '0' });
    ada = (await signedInUser(t)).idToken;
    artist = await newPdsAccount(net, 'painter');
    fans = [];
    for (let i = 0; i < 4; i++) fans.push(await newPdsAccount(net, 'fan'));
  }, 180_000);
  afterAll(async () => {
    t?.deps.social.worker.stop();
    await t?.close();
    await net?.close();
  });

  /** The calendar's answer for the day of `at` (published posts, as the calendar asks). */
  async function calendarPost(postId: string, at: number): Promise<SocialPost> {
    const res = await t.request(`/api/social-media/post?from=${at - 12 * 60 * MIN}&to=${at + 12 * 60 * MIN}&drafts=false`, { token: ada });
    expect(res.status).toBe(200);
    return ((await res.json()) as SocialPost[]).find((p) => p.postId === postId)!;
  }
  async function postOf(postId: string): Promise<SocialPost> {
    const res = await t.request(`/api/social-media/post/${postId}`, { token: ada });
    expect(res.status).toBe(200);
    return (await res.json()) as SocialPost;
  }

  it('a post published through the studio shows the likes, reposts, replies and quotes the AppView counted, refreshed', async () => {
    await connectOk(t, ada, artist, net.url);
    const draft = await savePostOk(t, ada, {
      content: 'Harbour at dawn, finished today',
      accounts: [{ platform: 'bluesky', handle: artist.handle }],
    });
    expect((await publish(t, ada, draft.postId)).status).toBe(200);
    // Posted at once, or a moment later when the PDS is slow to answer (the worker tries again).
    const published = await eventually(async () => {
      const post = await postOf(draft.postId);
      return post.responses.every((r) => r.postStatus !== 'pending') ? post : null;
    });
    expect(published.responses).toMatchObject([{ postStatus: 'posted', metrics: null }]);
    const postedAt = published.responses[0].datePosted! + 1000;
    const rkey = published.responses[0].postUrl.split('/').pop()!;
    const { data: record } = await artist.agent.com.atproto.repo.getRecord({ repo: artist.did, collection: 'app.bsky.feed.post', rkey });
    const subject = { uri: record.uri, cid: record.cid! };

    // Four fans like it, three repost it, two reply to it, one quotes it: different counts, so none can stand for another.
    // One at a time, each indexed before the next: the AppView recounts a post's aggregates in the background after
    // each record, and recounts running side by side may store an older count last.
    const act = async <T>(write: () => Promise<T>) => {
      const written = await write();
      await net.processAll();
      return written;
    };
    const likes: { uri: string }[] = [];
    for (const f of fans) likes.push(await act(() => f.agent.like(subject.uri, subject.cid)));
    for (const f of fans.slice(0, 3)) await act(() => f.agent.repost(subject.uri, subject.cid));
    for (const [i, f] of fans.slice(0, 2).entries()) {
      await act(() => f.agent.post({ text: `Lovely light ${i}`, reply: { root: subject, parent: subject } }));
    }
    await act(() => fans[3].agent.post({ text: 'Look at this one', embed: { $type: 'app.bsky.embed.record', record: subject } }));

    // The first read, ten minutes after posting: one getPosts call to the AppView.
    const first = new Date(postedAt + 10 * MIN);
    expect(await refreshMetrics(t.deps, { now: first })).toEqual({ calls: 1, read: 1, failed: 0 });
    const counted = { likes: 4, reposts: 3, replies: 2, quotes: 1, readAt: first.getTime() };
    expect((await postOf(draft.postId)).responses[0].metrics).toEqual(counted);
    expect((await calendarPost(draft.postId, postedAt)).responses[0].metrics).toEqual(counted);

    // While the post is recent it is read again: a fan takes back a like and another quote comes in.
    await act(() => fans[0].agent.deleteLike(likes[0].uri));
    await act(() => fans[1].agent.post({ text: 'Quoting too', embed: { $type: 'app.bsky.embed.record', record: subject } }));
    expect(await refreshMetrics(t.deps, { now: new Date(postedAt + 15 * MIN) })).toEqual({ calls: 0, read: 0, failed: 0 });
    const second = new Date(postedAt + 20 * MIN);
    expect(await refreshMetrics(t.deps, { now: second })).toEqual({ calls: 1, read: 1, failed: 0 });
    const recounted = { likes: 3, reposts: 3, replies: 2, quotes: 2, readAt: second.getTime() };
    expect((await postOf(draft.postId)).responses[0].metrics).toEqual(recounted);
    expect((await calendarPost(draft.postId, postedAt)).responses[0].metrics).toEqual(recounted);
  });
});
