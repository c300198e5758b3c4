import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUOTA_HELD_REASON, quotaText, type InstagramQuota } from '../../src/schemas/meta-connect.schema';
import { socialDeliveries } from '../../server/db/schema';
import { ERRORS, INSTAGRAM_USER_ID } from '../support/meta-fake';
import { instagramStudio, mediaCaptioned, postToInstagram, settledResponse, type InstagramStudio } from '../support/instagram';
import { jpegOf } from '../support/media-host';
import { eventually, getPost } from '../support/social';
import { signedInUser } from '../support/test-app';

const DAY = 24 * 3600_000;

describe(`Instagram's daily publishing limit (${process.env.TEST_DB})`, () => {
  let s: InstagramStudio;
  beforeAll(async () => {
    s = await instagramStudio();
  });
  afterAll(async () => {
    await s?.close();
  });

  const quota = (handle: string, token = s.ada) =>
    s.t.request(`/api/social-media/accounts/quota?handle=${encodeURIComponent(handle)}`, { token });

  it('answers the live quota of the artist’s own account, read from content_publishing_limit and kept a minute', async () => {
    s.meta.usedQuota(INSTAGRAM_USER_ID, 38);
    const res = await quota('@Ada.Paints');
    expect(res.status).toBe(200);
    const q = (await res.json()) as InstagramQuota;
    expect(q).toMatchObject({ handle: 'ada.paints', used: 38, total: 50, left: 12 });
    expect(quotaText(q)).toBe('12 of 50 posts left today');
    const reads = () => s.meta.calls.filter((c) => c.path.endsWith('/content_publishing_limit')).length;
    const before = reads();
    expect(((await (await quota('ada.paints')).json()) as InstagramQuota).readAt).toBe(q.readAt);
    expect(reads()).toBe(before);
  });

  it('answers 404 for an unknown handle and for another artist’s account, 400 without a handle, 401 signed out', async () => {
    expect((await quota('nobody.here')).status).toBe(404);
    const bob = (await signedInUser(s.t)).idToken;
    expect((await quota('ada.paints', bob)).status).toBe(404);
    expect((await s.t.request('/api/social-media/accounts/quota', { token: s.ada })).status).toBe(400);
    expect((await s.t.request('/api/social-media/accounts/quota?handle=ada.paints')).status).toBe(401);
  });

  it('holds a post past the limit (pending with the reason, no attempt counted) and sends it once the window frees up', async () => {
    s.meta.usedQuota(INSTAGRAM_USER_ID, 50);
    const postId = await postToInstagram(s, 'Held for a day', [{ bytes: await jpegOf(900, 900), type: 'image/jpeg', name: 'a.jpg' }]);
    // Instagram processes the container while the slot serves other posts; the worker comes back to publish it.
    const held = await eventually(async () => {
      await s.t.deps.social.worker.runOnce();
      const r = (await getPost(s.t, s.ada, postId)).responses[0];
      return r.heldReason ? r : null;
    });
    expect(held).toMatchObject({ postStatus: 'pending', heldReason: QUOTA_HELD_REASON });
    const [row] = await s.t.deps.db.select().from(socialDeliveries).where(eq(socialDeliveries.postId, postId));
    expect(row.attempts).toBe(0);
    expect(row.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 5 * 60_000);
    await s.t.deps.social.worker.runOnce();
    expect(mediaCaptioned(s.meta, 'Held for a day')).toHaveLength(0);
    expect([...s.meta.state.containers.values()].filter((c) => c.caption === 'Held for a day')).toHaveLength(0);

    // A day later on Meta's side, and the studio's recheck comes (its ten minutes passed).
    s.meta.clock.advance(DAY);
    await s.t.deps.db
      .update(socialDeliveries)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(socialDeliveries.postId, postId));
    const r = await settledResponse(s, postId);
    expect(r).toMatchObject({ postStatus: 'posted' });
    expect(r.heldReason).toBeUndefined();
    expect(mediaCaptioned(s.meta, 'Held for a day')).toHaveLength(1);
  });

  it('holds a post whose publish Instagram refuses for the limit, keeping its container for later', async () => {
    s.meta.clock.advance(DAY);
    // The quota read says there is room; media_publish then says there is none (another app posted meanwhile).
    s.meta.failNext({ host: 'instagram-graph', method: 'POST', path: '/media_publish' }, ERRORS.publishLimit);
    const postId = await postToInstagram(s, 'Refused, then sent', [{ bytes: await jpegOf(900, 900), type: 'image/jpeg', name: 'a.jpg' }]);
    // Instagram processes the container while the slot serves other posts; the worker comes back to publish it.
    const held = await eventually(async () => {
      await s.t.deps.social.worker.runOnce();
      const r = (await getPost(s.t, s.ada, postId)).responses[0];
      return r.heldReason ? r : null;
    });
    expect(held).toMatchObject({ postStatus: 'pending', heldReason: QUOTA_HELD_REASON });
    await s.t.deps.db
      .update(socialDeliveries)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(socialDeliveries.postId, postId));
    expect(await settledResponse(s, postId)).toMatchObject({ postStatus: 'posted' });
    expect(mediaCaptioned(s.meta, 'Refused, then sent')).toHaveLength(1);
    expect([...s.meta.state.containers.values()].filter((c) => c.caption === 'Refused, then sent')).toHaveLength(1);
  });
});
