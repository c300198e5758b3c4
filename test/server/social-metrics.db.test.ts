import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { socialDeliveries, users } from '../../server/db/schema';
import { refreshMetrics } from '../../server/social/metrics';
import { startFakeAppView, type FakeAppView } from '../support/fake-appview';
import { seedAccount, seedPosted } from '../support/posted-seed';
import { SOCIAL_TEST_ENV, getPost } from '../support/social';
import { createTestApp, signedInUser, type TestApp } from '../support/test-app';
import { dbLabel } from '../support/test-db';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

/**
 * Likes, reposts, replies and quotes of published posts, read from the AppView (a fake one on loopback that records
 * its calls: see test/support/fake-appview.ts) in batched getPosts calls, on the schedule of metrics-schedule.ts.
 */
describe(`post metrics (${dbLabel()})`, () => {
  let t: TestApp;
  let appview: FakeAppView;
  const artists: { token: string; userId: string }[] = [];
  beforeAll(async () => {
    appview = await startFakeAppView();
    t = await createTestApp({ ...SOCIAL_TEST_ENV, BSKY_APPVIEW_URL: appview.url, SOCIAL_METRICS_MS: '0' });
    for (let i = 0; i < 2; i++) {
      const a = await signedInUser(t);
      const [u] = await t.deps.db.select().from(users).where(eq(users.email, a.email));
      artists.push({ token: a.idToken, userId: u.id });
    }
  });
  beforeEach(async () => {
    await t.deps.db.delete(socialDeliveries);
    appview.calls.length = 0;
    appview.setStatus(200);
  });
  afterAll(async () => {
    await t?.close();
    await appview?.close();
  });

  const accountOf = (i: number) => seedAccount(t.deps.db, artists[i].userId);
  const round = (now: Date) => refreshMetrics(t.deps, { now });

  it('reads the due posts of every account together, 25 a call and at most 10 calls a round; the post carries the counts', async () => {
    const now = new Date();
    const [ada, bea] = [await accountOf(0), await accountOf(1)];
    const adas = await seedPosted(t.deps.db, ada, Array(130).fill(HOUR), now);
    const beas = await seedPosted(t.deps.db, bea, Array(170).fill(2 * HOUR), now);
    [...adas, ...beas].forEach((d, i) => appview.set(d.uri, i, 2, 1, 0));

    expect(await round(now)).toEqual({ calls: 10, read: 250, failed: 0 });
    expect(appview.calls.map((c) => c.length)).toEqual(Array(10).fill(25));
    // The oldest due first: all of Bea's, then Ada's; one call holds both accounts' posts.
    expect(appview.calls.some((c) => c.some((u) => u.includes(ada.did!)) && c.some((u) => u.includes(bea.did!)))).toBe(true);
    expect(await round(now)).toEqual({ calls: 2, read: 50, failed: 0 });
    expect(await round(now)).toEqual({ calls: 0, read: 0, failed: 0 });
    const asked = appview.calls.flat();
    expect(new Set(asked).size).toBe(300);
    expect(asked).toHaveLength(300);

    const post = await getPost(t, artists[0].token, adas[7].postId);
    expect(post.responses[0].metrics).toEqual({ likes: 7, reposts: 2, replies: 1, quotes: 0, readAt: now.getTime() });
  });

  it('a new post is first read 10 minutes after posting, then every 10 minutes its first day, hourly to its week, then never', async () => {
    const now = new Date();
    const acc = await accountOf(0);
    const [fresh, young, older, lastHour, old] = await seedPosted(
      t.deps.db,
      acc,
      [MIN, 2 * HOUR, 3 * DAY, 7 * DAY - 30 * MIN, 8 * DAY],
      now,
    );
    for (const d of [fresh, young, older, lastHour, old]) appview.set(d.uri, 1);
    const readAt = async (offset: number) => {
      appview.calls.length = 0;
      await round(new Date(now.getTime() + offset));
      return appview.calls.flat().sort();
    };
    const of = (...ds: { uri: string }[]) => ds.map((d) => d.uri).sort();
    expect(await readAt(0)).toEqual(of(lastHour, older, young));
    expect(await readAt(5 * MIN)).toEqual([]);
    expect(await readAt(9 * MIN)).toEqual(of(fresh));
    expect(await readAt(10 * MIN)).toEqual(of(young));
    expect(await readAt(19 * MIN)).toEqual(of(fresh));
    // An hour on: the three-day-old post; the one in its last hour was read for the last time.
    expect(await readAt(60 * MIN)).toEqual(of(fresh, young, older));
    expect(await readAt(8 * DAY)).toEqual([]);
    const [stopped] = await t.deps.db.select().from(socialDeliveries).where(eq(socialDeliveries.id, old.id));
    expect(stopped.metricsReadAt).toBeNull();
  });

  it('two instances refreshing at once read each post once', async () => {
    const now = new Date();
    const posted = await seedPosted(t.deps.db, await accountOf(1), Array(100).fill(HOUR), now);
    posted.forEach((d) => appview.set(d.uri, 3));
    const [a, b] = await Promise.all([round(now), round(now)]);
    expect(a.read + b.read).toBe(100);
    // Each instance reads what it claimed, 25 a call; how the 100 split between them is up to the race of the claims.
    expect(a.calls).toBe(Math.ceil(a.read / 25));
    expect(b.calls).toBe(Math.ceil(b.read / 25));
    // No post was asked for twice.
    expect(appview.calls.flat()).toHaveLength(100);
    expect(new Set(appview.calls.flat()).size).toBe(100);
  });

  it('when the AppView fails, the counts read before stay and the posts are tried again 5 minutes later', async () => {
    const now = new Date();
    const [d] = await seedPosted(t.deps.db, await accountOf(0), [HOUR], now);
    appview.set(d.uri, 4, 1);
    await round(now);
    appview.setStatus(503);
    const later = new Date(now.getTime() + 10 * MIN);
    expect(await round(later)).toEqual({ calls: 1, read: 0, failed: 1 });
    expect(await round(new Date(later.getTime() + 4 * MIN))).toEqual({ calls: 0, read: 0, failed: 0 });
    appview.setStatus(200);
    appview.set(d.uri, 9, 1);
    const [kept] = await t.deps.db.select().from(socialDeliveries).where(eq(socialDeliveries.id, d.id));
    expect([kept.likes, kept.metricsReadAt?.getTime()]).toEqual([4, now.getTime()]);
    expect(await round(new Date(later.getTime() + 5 * MIN))).toEqual({ calls: 1, read: 1, failed: 0 });
    const [after] = await t.deps.db.select().from(socialDeliveries).where(eq(socialDeliveries.id, d.id));
    expect(after.likes).toBe(9);
  });

  it('a post the AppView does not know (deleted on Bluesky) keeps its last counts and is read again on schedule', async () => {
    const now = new Date();
    const [d] = await seedPosted(t.deps.db, await accountOf(0), [HOUR], now);
    expect(await round(now)).toEqual({ calls: 1, read: 0, failed: 0 });
    const [row] = await t.deps.db.select().from(socialDeliveries).where(eq(socialDeliveries.id, d.id));
    expect(row.metricsReadAt).toBeNull();
    expect(row.metricsDueAt?.getTime()).toBe(now.getTime() + 10 * MIN);
  });
});
