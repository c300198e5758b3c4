import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { blueskyOAuthStore, socialAccounts } from '../../server/db/schema';
import { FACEBOOK_CALLBACK, beginFacebook, connectFacebook, decideOnFacebook, facebookCallback } from '../support/facebook-login';
import { startMetaFake, type MetaFake } from '../support/meta-fake';
import { SOCIAL_TEST_ENV } from '../support/social';
import { createTestApp, signedInUser, type TestApp } from '../support/test-app';

const PAGE_ID = '102938475610293';
const PERSON = '10160000000000001';

describe(`connecting a Facebook Page (${process.env.TEST_DB})`, () => {
  let meta: MetaFake;
  let t: TestApp;
  beforeAll(async () => {
    meta = await startMetaFake();
    t = await createTestApp({ ...SOCIAL_TEST_ENV, ...meta.env });
    meta.facebook.redirectUris.push(`${t.deps.config.appUrl}${FACEBOOK_CALLBACK}`);
    // A second person who manages two Pages (ids past 2^53, as Page ids may be), and a third who manages none.
    meta.state.pages.set('9007199254740993', {
      id: '9007199254740993',
      name: 'Grace Prints',
      category: 'Artist',
      tasks: ['CREATE_CONTENT'],
    });
    meta.state.pages.set('9007199254740995', {
      id: '9007199254740995',
      name: 'Grace Murals',
      category: 'Artist',
      tasks: ['CREATE_CONTENT'],
    });
    meta.state.pages.set('9007199254740997', { id: '9007199254740997', name: 'Grace Fans', category: 'Artist', tasks: ['ANALYZE'] });
    meta.state.fbUsers.set('10160000000000002', {
      id: '10160000000000002',
      name: 'Grace Hopper',
      pageIds: ['9007199254740993', '9007199254740995', '9007199254740997'],
    });
    meta.state.fbUsers.set('10160000000000003', { id: '10160000000000003', name: 'Nobody', pageIds: [] });
  });
  afterAll(async () => {
    await t?.close();
    await meta?.close();
  });
  const artist = async () => (await signedInUser(t)).idToken;
  const accountsOf = async (token: string) =>
    (await (await t.request('/api/social-media/accounts', { token })).json()) as Array<Record<string, unknown>>;

  it('connects the one Page at once, its id kept whole and its own token sealed', async () => {
    meta.facebook.loginAs = PERSON;
    const ada = await artist();
    const { authorizeUrl } = await beginFacebook(t, ada);
    expect(new URL(authorizeUrl).searchParams.get('scope')).toBe('pages_show_list,pages_manage_posts,pages_read_engagement');
    const done = await connectFacebook(t, ada);
    expect(done.status).toBe(303);
    expect(done.location).toContain('/social-media/accounts/connect/facebook?');
    expect(done.result).toEqual({ facebook: 'connected', handle: 'ada paints' });

    const [fb] = (await accountsOf(ada)).filter((a) => a.platform === 'facebook');
    expect(fb).toMatchObject({ handle: 'ada paints', externalId: PAGE_ID, authMethod: 'oauth', needsReconnectAt: null });
    const [row] = await t.deps.db.select().from(socialAccounts).where(eq(socialAccounts.handle, 'ada paints'));
    const pageTokens = [...meta.state.tokens.values()].filter((k) => k.kind === 'fb-page' && k.pageId === PAGE_ID).map((k) => k.token);
    const sealed = JSON.parse(t.deps.social.box.open(row.sessionSealed!)) as { accessToken: string };
    expect(pageTokens).toContain(sealed.accessToken);
    expect(row.sessionSealed).not.toContain(sealed.accessToken);
    // The long-lived user token was asked for before the Pages were listed.
    const exchange = meta.calls.findLast((c) => c.host === 'facebook-graph' && c.params.grant_type === 'fb_exchange_token');
    expect(exchange).toBeDefined();
  });

  it('lets the artist pick among several Pages, in this browser only, once; no Page token reaches the browser', async () => {
    meta.facebook.loginAs = '10160000000000002';
    const grace = await artist();
    const done = await connectFacebook(t, grace);
    expect(done.result.facebook).toBe('choose-page');
    const flow = done.result.flow;
    expect(flow).toMatch(/^[\w-]{20,}$/);
    expect(done.cookie).toBeDefined();
    expect((await accountsOf(grace)).filter((a) => a.platform === 'facebook')).toEqual([]);

    const pagesUrl = `/api/social/meta/facebook/pages?flow=${flow}`;
    const listed = await t.request(pagesUrl, { token: grace, headers: { cookie: done.cookie! } });
    expect(listed.status).toBe(200);
    const body = await listed.text();
    // The Page without the CREATE_CONTENT task is not offered: posting to it would be refused.
    expect(JSON.parse(body)).toEqual({
      pages: [
        { pageId: '9007199254740993', name: 'Grace Prints' },
        { pageId: '9007199254740995', name: 'Grace Murals' },
      ],
    });
    for (const k of meta.state.tokens.values()) expect(body).not.toContain(k.token);

    // Another artist, even with the cookie: as if there were no such choice.
    const other = await artist();
    expect((await t.request(pagesUrl, { token: other, headers: { cookie: done.cookie! } })).status).toBe(404);
    const stolen = await t.request('/api/social/meta/facebook/pages', {
      method: 'POST',
      token: other,
      headers: { cookie: done.cookie! },
      json: { flow, pageId: '9007199254740995' },
    });
    expect(stolen.status).toBe(404);
    // The same artist in another browser (no cookie, or another one): refused.
    expect((await t.request(pagesUrl, { token: grace })).status).toBe(403);
    const elsewhere = await t.request('/api/social/meta/facebook/pages', {
      method: 'POST',
      token: grace,
      headers: { cookie: 'studio-flow=another-browser' },
      json: { flow, pageId: '9007199254740995' },
    });
    expect(elsewhere.status).toBe(403);
    // A Page that was not offered.
    const notOffered = await t.request('/api/social/meta/facebook/pages', {
      method: 'POST',
      token: grace,
      headers: { cookie: done.cookie! },
      json: { flow, pageId: '9007199254740997' },
    });
    expect(notOffered.status).toBe(400);
    expect((await notOffered.json()).fieldErrors).toEqual({ pageId: ['Choose one of your Pages'] });

    const picked = await t.request('/api/social/meta/facebook/pages', {
      method: 'POST',
      token: grace,
      headers: { cookie: done.cookie! },
      json: { flow, pageId: '9007199254740995' },
    });
    expect(picked.status).toBe(200);
    expect(await picked.json()).toMatchObject({ platform: 'facebook', handle: 'grace murals', externalId: '9007199254740995' });
    expect((await accountsOf(grace)).filter((a) => a.platform === 'facebook').map((a) => a.handle)).toEqual(['grace murals']);
    expect((await accountsOf(other)).filter((a) => a.platform === 'facebook')).toEqual([]);
    // Used: a second pick finds nothing.
    const again = await t.request('/api/social/meta/facebook/pages', {
      method: 'POST',
      token: grace,
      headers: { cookie: done.cookie! },
      json: { flow, pageId: '9007199254740993' },
    });
    expect(again.status).toBe(404);
  });

  it('keeps the choice ten minutes, then lets it lapse', async () => {
    meta.facebook.loginAs = '10160000000000002';
    const grace = await artist();
    const done = await connectFacebook(t, grace);
    const [kept] = await t.deps.db.select().from(blueskyOAuthStore).where(eq(blueskyOAuthStore.key, done.result.flow));
    expect(Math.abs(kept.expiresAt!.getTime() - Date.now() - 10 * 60_000)).toBeLessThan(30_000);
    // Sealed: neither the Page tokens nor the Pages' names are readable in the database.
    expect(kept.sealed).not.toContain('Grace');
    await t.deps.db
      .update(blueskyOAuthStore)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(blueskyOAuthStore.key, done.result.flow));
    const res = await t.request(`/api/social/meta/facebook/pages?flow=${done.result.flow}`, {
      token: grace,
      headers: { cookie: done.cookie! },
    });
    expect(res.status).toBe(404);
  });

  it('refuses a callback from another browser than the one that began it', async () => {
    meta.facebook.loginAs = PERSON;
    const someone = await artist();
    const { authorizeUrl } = await beginFacebook(t, someone);
    const back = await decideOnFacebook(authorizeUrl, 'allow');
    const before = meta.calls.length;
    const other = await facebookCallback(t, back, 'studio-flow=someone-else');
    expect(other.status).toBe(403);
    expect(meta.calls.slice(before).some((c) => c.path.endsWith('/oauth/access_token'))).toBe(false);
    expect((await accountsOf(someone)).filter((a) => a.platform === 'facebook')).toEqual([]);
  });

  it('says why when nothing can be connected: no Page, a permission unticked, Cancel', async () => {
    const someone = await artist();
    meta.facebook.loginAs = '10160000000000003';
    expect((await connectFacebook(t, someone)).result).toEqual({ facebook: 'failed', reason: 'no-page' });

    meta.facebook.loginAs = PERSON;
    meta.facebook.decline = ['pages_manage_posts'];
    try {
      expect((await connectFacebook(t, someone)).result).toEqual({ facebook: 'failed', reason: 'scopes' });
    } finally {
      meta.facebook.decline = [];
    }

    const { authorizeUrl, cookie } = await beginFacebook(t, someone);
    const cancelled = await facebookCallback(t, await decideOnFacebook(authorizeUrl, 'cancel'), cookie);
    expect(cancelled.result).toEqual({ facebook: 'failed', reason: 'denied' });
    expect((await accountsOf(someone)).filter((a) => a.platform === 'facebook')).toEqual([]);
  });
});
