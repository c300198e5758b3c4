import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { blueskyOAuthStore, socialAccounts } from '../../server/db/schema';
import { INSTAGRAM_USER_ID, startMetaFake, type MetaFake } from '../support/meta-fake';
import { SOCIAL_TEST_ENV } from '../support/social';
import { createTestApp, signedInUser, type TestApp } from '../support/test-app';

const CALLBACK = '/oauth/meta/instagram/callback';

describe(`connecting Instagram (${process.env.TEST_DB})`, () => {
  let meta: MetaFake;
  let t: TestApp;
  let ada: string;
  beforeAll(async () => {
    meta = await startMetaFake();
    t = await createTestApp({ ...SOCIAL_TEST_ENV, ...meta.env });
    meta.instagram.redirectUris.push(`${t.deps.config.appUrl}${CALLBACK}`);
    ada = (await signedInUser(t)).idToken;
  });
  afterAll(async () => {
    await t?.close();
    await meta?.close();
  });

  /** Continue with Instagram: the login page the studio sends the browser to, and the cookie that browser got. */
  async function begin(token = ada) {
    const res = await t.request('/api/social/meta/instagram/start', { method: 'POST', token });
    expect(res.status).toBe(200);
    const { authorizeUrl } = (await res.json()) as { authorizeUrl: string };
    return { authorizeUrl, cookie: res.headers.get('set-cookie')!.split(';')[0] };
  }

  /** The artist presses Allow (or Cancel) on Instagram's page: answers where Instagram sends the browser back. */
  async function decide(authorizeUrl: string, decision: 'allow' | 'cancel') {
    const url = new URL(authorizeUrl);
    const res = await fetch(`${url.origin}${url.pathname}`, {
      method: 'POST',
      body: new URLSearchParams({ ...Object.fromEntries(url.searchParams), decision }),
      redirect: 'manual',
    });
    expect(res.status).toBe(302);
    // Instagram appends #_, which a browser never sends to the server.
    return new URL(res.headers.get('location')!.replace(/#_$/, ''));
  }

  const callback = async (back: URL, cookie?: string) => {
    const res = await t.request(`${CALLBACK}${back.search}`, { headers: cookie ? { cookie } : {} });
    return { status: res.status, location: res.headers.get('location') ?? '', body: res.status === 303 ? '' : await res.text() };
  };
  const resultOf = (location: string) => Object.fromEntries(new URL(location).searchParams);

  it('is offered when set up, and says why not otherwise', async () => {
    const res = await t.request('/api/social-media/availability', { token: ada });
    expect(await res.json()).toMatchObject({ instagram: { offered: true }, facebook: { offered: true } });
    const bare = await createTestApp({});
    try {
      const who = (await signedInUser(bare)).idToken;
      const body = await (await bare.request('/api/social-media/availability', { token: who })).json();
      expect(body.instagram).toMatchObject({ offered: false, reason: 'not-set-up' });
      const start = await bare.request('/api/social/meta/instagram/start', { method: 'POST', token: who });
      expect(start.status).toBe(400);
      expect((await start.json()).code).toBe('META_NOT_SET_UP');
    } finally {
      await bare.close();
    }
  });

  it('connects the professional account, its id kept whole and its token sealed; the state is used once', async () => {
    const { authorizeUrl, cookie } = await begin();
    expect(new URL(authorizeUrl).searchParams.get('scope')).toBe('instagram_business_basic,instagram_business_content_publish');
    const back = await decide(authorizeUrl, 'allow');
    const done = await callback(back, cookie);
    expect(done.status).toBe(303);
    expect(done.location).toContain('/social-media/accounts/connect/instagram?');
    expect(resultOf(done.location)).toEqual({ instagram: 'connected', handle: 'ada.paints' });

    const accounts = await (await t.request('/api/social-media/accounts', { token: ada })).json();
    const ig = accounts.find((a: { platform: string }) => a.platform === 'instagram');
    expect(ig).toMatchObject({ handle: 'ada.paints', externalId: INSTAGRAM_USER_ID, authMethod: 'oauth', needsReconnectAt: null });
    // Sixty days from now, give or take the test's own time.
    expect(Date.parse(ig.tokenExpiresAt) - Date.now()).toBeGreaterThan(59 * 24 * 3600_000);
    const [row] = await t.deps.db.select().from(socialAccounts).where(eq(socialAccounts.did, INSTAGRAM_USER_ID));
    const longToken = [...meta.state.tokens.values()].find((k) => k.kind === 'ig-long')!;
    expect(row.sessionSealed).not.toContain(longToken.token);
    expect(JSON.parse(t.deps.social.box.open(row.sessionSealed!))).toEqual({ accessToken: longToken.token });

    // The same callback again: its state is gone.
    expect(resultOf((await callback(back, cookie)).location)).toEqual({ instagram: 'failed', reason: 'expired' });
  });

  it('refuses a callback from another browser than the one that began it, and uses its state up', async () => {
    const { authorizeUrl } = await begin();
    const back = await decide(authorizeUrl, 'allow');
    const before = meta.calls.length;
    const other = await callback(back, 'studio-flow=someone-else');
    expect(other.status).toBe(403);
    expect(meta.calls.slice(before).some((c) => c.path.endsWith('/oauth/access_token'))).toBe(false);
    const rows = await t.deps.db
      .select()
      .from(blueskyOAuthStore)
      .where(eq(blueskyOAuthStore.key, back.searchParams.get('state')!));
    expect(rows).toEqual([]);
  });

  it('says so when the artist cancels, and connects nothing', async () => {
    const { authorizeUrl, cookie } = await begin();
    const back = await decide(authorizeUrl, 'cancel');
    expect(resultOf((await callback(back, cookie)).location)).toEqual({ instagram: 'failed', reason: 'denied' });
  });
});
