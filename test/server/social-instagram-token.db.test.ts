import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshInstagramTokens } from '../../server/social/providers/instagram/instagram-token-refresh';
import { socialAccounts, socialDeliveries } from '../../server/db/schema';
import { INSTAGRAM_USER_ID } from '../support/meta-fake';
import {
  connectInstagram,
  instagramStudio,
  mediaCaptioned,
  postToInstagram,
  settledResponse,
  type InstagramStudio,
} from '../support/instagram';
import { jpegOf } from '../support/media-host';
import { getPost } from '../support/social';

const DAY = 24 * 3600_000;

describe(`Instagram tokens kept alive, and a revoked one (${process.env.TEST_DB})`, () => {
  let s: InstagramStudio;
  beforeAll(async () => {
    s = await instagramStudio();
  });
  afterAll(async () => {
    await s?.close();
  });

  const account = async () => (await s.t.deps.db.select().from(socialAccounts).where(eq(socialAccounts.platform, 'instagram')))[0];
  const fakeNow = () => new Date(s.meta.clock.now());
  const image = async () => [{ bytes: await jpegOf(900, 900), type: 'image/jpeg', name: 'a.jpg' }];

  it('refreshes a token with under ten days left, and leaves one with more alone', async () => {
    const before = await account();
    // Fifty days on, ten days are still left: nothing to do yet.
    s.meta.clock.advance(50 * DAY - 3600_000);
    expect(await refreshInstagramTokens(s.t.deps, fakeNow())).toEqual({ refreshed: 0, reconnect: 0 });
    s.meta.clock.advance(2 * DAY);
    expect(await refreshInstagramTokens(s.t.deps, fakeNow())).toEqual({ refreshed: 1, reconnect: 0 });
    const after = await account();
    expect(after.sessionSealed).not.toBe(before.sessionSealed);
    expect(after.tokenExpiresAt!.getTime()).toBeGreaterThan(fakeNow().getTime() + 59 * DAY);
    expect(after.needsReconnectAt).toBeNull();
    const refreshes = s.meta.calls.filter((c) => c.path === '/refresh_access_token');
    expect(refreshes).toHaveLength(1);
    expect(refreshes[0].params.grant_type).toBe('ig_refresh_token');
    // The old token would have run out at day 60; the new one posts past it.
    s.meta.clock.advance(10 * DAY);
    expect(await settledResponse(s, await postToInstagram(s, 'After day sixty', await image()))).toMatchObject({ postStatus: 'posted' });
  });

  it('a revoked token marks the account to reconnect; its posts wait, and reconnecting sends them', async () => {
    s.meta.revoke(INSTAGRAM_USER_ID);
    s.meta.clock.advance(55 * DAY);
    expect(await refreshInstagramTokens(s.t.deps, fakeNow())).toEqual({ refreshed: 0, reconnect: 1 });
    expect((await account()).needsReconnectAt).not.toBeNull();
    const listed = await s.t.request('/api/social-media/accounts', { token: s.ada });
    expect(((await listed.json()) as Array<{ needsReconnectAt: string | null }>)[0].needsReconnectAt).not.toBeNull();

    const postId = await postToInstagram(s, 'Waits for the artist', await image());
    for (let i = 0; i < 3; i++) await s.t.deps.social.worker.runOnce();
    const [waiting] = await s.t.deps.db.select().from(socialDeliveries).where(eq(socialDeliveries.postId, postId));
    expect(waiting).toMatchObject({ status: 'pending', attempts: 0 });
    expect((await getPost(s.t, s.ada, postId)).responses[0].postStatus).toBe('pending');
    expect(mediaCaptioned(s.meta, 'Waits for the artist')).toHaveLength(0);

    s.meta.restore(INSTAGRAM_USER_ID);
    await connectInstagram(s.t, s.ada);
    expect((await account()).needsReconnectAt).toBeNull();
    expect(await settledResponse(s, postId)).toMatchObject({ postStatus: 'posted' });
    expect(mediaCaptioned(s.meta, 'Waits for the artist')).toHaveLength(1);
  });
});
