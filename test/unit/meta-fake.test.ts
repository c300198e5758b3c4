import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS, INSTAGRAM_USER_ID, startMetaFake, type MetaFake } from '../support/meta-fake';
import { jpegOf, mp4Head, startMediaHost } from '../support/media-host';

const REDIRECT = 'https://studio.example/api/social/instagram/callback';
const FB_REDIRECT = 'https://studio.example/api/social/facebook/callback';
const HOUR = 3600_000;

// The fake's own behaviour, pinned: what each endpoint accepts, answers and refuses (docs/decisions.md says which
// Meta page each comes from). The clients are tested against it elsewhere.
describe('Meta contract fake', () => {
  let meta: MetaFake;
  let media: Awaited<ReturnType<typeof startMediaHost>>;
  beforeAll(async () => {
    meta = await startMetaFake({ instagramRedirectUris: [REDIRECT], facebookRedirectUris: [FB_REDIRECT] });
    media = await startMediaHost();
  });
  afterAll(async () => {
    await meta.close();
    await media.close();
  });

  const v = () => meta.graphVersion;
  const text = async (res: Response) => res.text();
  const json = async (res: Response) => JSON.parse(await res.text()) as Record<string, unknown>;
  const form = (fields: Record<string, string>) => ({ method: 'POST', body: new URLSearchParams(fields) });
  const igGraph = (path: string, query: Record<string, string>) =>
    `${meta.urls.instagramGraph}/${v()}/${path}?${new URLSearchParams(query)}`;

  /** Signs in through the login page and answers the code the redirect carries. */
  async function instagramCode(state = 's1') {
    const q = {
      client_id: meta.instagram.appId,
      redirect_uri: REDIRECT,
      response_type: 'code',
      scope: 'instagram_business_basic,instagram_business_content_publish',
      state,
    };
    const res = await fetch(meta.urls.instagramAuthorize, { ...form({ ...q, decision: 'allow' }), redirect: 'manual' });
    expect(res.status).toBe(302);
    const location = res.headers.get('location')!;
    expect(location.endsWith('#_')).toBe(true);
    const back = new URL(location.slice(0, -2));
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
    expect(back.searchParams.get('state')).toBe(state);
    return back.searchParams.get('code')!;
  }

  async function instagramToken(long = true) {
    const code = await instagramCode();
    const res = await fetch(`${meta.urls.instagramApi}/oauth/access_token`, {
      ...form({
        client_id: meta.instagram.appId,
        client_secret: meta.instagram.appSecret,
        grant_type: 'authorization_code',
        redirect_uri: REDIRECT,
        code,
      }),
    });
    const body = (await json(res)) as { data: Array<{ access_token: string }> };
    const short = body.data[0].access_token;
    if (!long) return short;
    const ex = await fetch(
      `${meta.urls.instagramGraph}/access_token?${new URLSearchParams({ grant_type: 'ig_exchange_token', client_secret: meta.instagram.appSecret, access_token: short })}`,
    );
    return ((await json(ex)) as { access_token: string }).access_token;
  }

  describe('Instagram login', () => {
    it('shows an authorization page with Allow and Cancel for a registered redirect URI and known scopes', async () => {
      const q = new URLSearchParams({
        client_id: meta.instagram.appId,
        redirect_uri: REDIRECT,
        response_type: 'code',
        scope: 'instagram_business_basic',
        state: 'x',
      });
      const page = await fetch(`${meta.urls.instagramAuthorize}?${q}`);
      expect(page.status).toBe(200);
      const html = await text(page);
      expect(html).toContain('>Allow</button>');
      expect(html).toContain('>Cancel</button>');
      expect(html).toContain('ada.paints');
    });

    it('refuses a redirect URI that differs in any way, an unknown app, and the retired business_* scopes', async () => {
      const base = { client_id: meta.instagram.appId, redirect_uri: REDIRECT, response_type: 'code', scope: 'instagram_business_basic' };
      for (const bad of [
        { redirect_uri: `${REDIRECT}/` },
        { redirect_uri: REDIRECT.replace('https', 'http') },
        { client_id: '1' },
        { scope: 'business_basic,business_content_publish' },
        { scope: 'instagram_business_content_publish' },
      ]) {
        const res = await fetch(`${meta.urls.instagramAuthorize}?${new URLSearchParams({ ...base, ...bad })}`);
        expect(`${JSON.stringify(bad)}: ${res.status}`).toBe(`${JSON.stringify(bad)}: 400`);
      }
    });

    it('Cancel sends the browser back with access_denied and the state', async () => {
      const q = { client_id: meta.instagram.appId, redirect_uri: REDIRECT, scope: 'instagram_business_basic', state: 'st' };
      const res = await fetch(meta.urls.instagramAuthorize, { ...form({ ...q, decision: 'cancel' }), redirect: 'manual' });
      const back = new URL(res.headers.get('location')!.replace(/#_$/, ''));
      expect(back.searchParams.get('error')).toBe('access_denied');
      expect(back.searchParams.get('state')).toBe('st');
      expect(back.searchParams.get('code')).toBeNull();
    });

    it('exchanges a code once, wrapped in data[] or flat, with user_id written as a raw number above 2^53', async () => {
      const exchange = (code: string, redirect = REDIRECT) =>
        fetch(`${meta.urls.instagramApi}/oauth/access_token`, {
          ...form({
            client_id: meta.instagram.appId,
            client_secret: meta.instagram.appSecret,
            grant_type: 'authorization_code',
            redirect_uri: redirect,
            code,
          }),
        });
      const code = await instagramCode();
      const wrapped = await text(await exchange(code));
      expect(wrapped).toMatch(
        /^\{"data":\[\{"access_token":"IGAA[^"]+","user_id":17841405793187218,"permissions":"instagram_business_basic,instagram_business_content_publish"\}\]\}$/,
      );
      const again = await exchange(code);
      expect(again.status).toBe(400);
      expect(await json(again)).toEqual({
        error_type: 'OAuthException',
        code: 400,
        error_message: 'Matching code was not found or was already used',
      });

      meta.instagram.answerShape = 'flat';
      try {
        const flat = await text(await exchange(await instagramCode()));
        expect(flat).toMatch(
          /^\{"access_token":"IGAA[^"]+","user_id":17841405793187218,"permissions":\["instagram_business_basic","instagram_business_content_publish"\]\}$/,
        );
      } finally {
        meta.instagram.answerShape = 'wrapped';
      }
      const mismatch = await exchange(await instagramCode(), `${REDIRECT}?x=1`);
      expect(((await json(mismatch)) as { error_message: string }).error_message).toBe(
        'Redirect URI does not match registered redirect URI',
      );
    });

    it('a declined permission is not granted: publishing then answers code 10', async () => {
      meta.instagram.decline = ['instagram_business_content_publish'];
      try {
        const token = await instagramToken();
        const res = await fetch(
          igGraph(`${INSTAGRAM_USER_ID}/media`, {}),
          form({ image_url: 'http://127.0.0.1:1/x.jpg', access_token: token }),
        );
        expect(((await json(res)).error as { code: number }).code).toBe(10);
      } finally {
        meta.instagram.decline = [];
      }
    });
  });

  describe('Instagram tokens and account', () => {
    it('a long-lived token refreshes only once it is 24 hours old, and fails with 190/463 once its 60 days have passed', async () => {
      const token = await instagramToken();
      const refresh = (t: string) =>
        fetch(
          `${meta.urls.instagramGraph}/refresh_access_token?${new URLSearchParams({ grant_type: 'ig_refresh_token', access_token: t })}`,
        );
      const young = await refresh(token);
      expect(young.status).toBe(400);
      meta.clock.advance(25 * HOUR);
      const fresh = (await json(await refresh(token))) as { access_token: string; token_type: string; expires_in: number };
      expect(fresh.token_type).toBe('bearer');
      expect(fresh.expires_in).toBe(60 * 24 * 3600);
      meta.clock.advance(59 * 24 * HOUR);
      const old = (await json(await fetch(igGraph('me', { fields: 'user_id,username', access_token: token })))).error as {
        code: number;
        error_subcode: number;
      };
      expect([old.code, old.error_subcode]).toEqual([190, 463]);
      const me = await text(await fetch(igGraph('me', { fields: 'user_id,username', access_token: fresh.access_token })));
      expect(me).toBe('{"id":"7401234567890123","user_id":17841405793187218,"username":"ada.paints"}');
      // Only a short-lived token is exchanged, and only with the app's secret.
      const wrongSecret = await fetch(
        `${meta.urls.instagramGraph}/access_token?${new URLSearchParams({ grant_type: 'ig_exchange_token', client_secret: 'no', access_token: fresh.access_token })}`,
      );
      expect(wrongSecret.status).toBe(400);
    });

    it('a Graph call without the version prefix is unknown to the fake', async () => {
      const token = await instagramToken();
      const res = await fetch(`${meta.urls.instagramGraph}/me?fields=user_id&access_token=${token}`);
      expect(((await json(res)).error as { code: number }).code).toBe(2500);
    });
  });

  describe('Instagram containers, the crawler and publishing', () => {
    let token: string;
    beforeAll(async () => {
      token = await instagramToken();
      media.setRobots('User-agent: *\nAllow: /m/\nDisallow: /\n');
    });
    const create = (fields: Record<string, string>) =>
      fetch(igGraph(`${INSTAGRAM_USER_ID}/media`, {}), form({ ...fields, access_token: token }));
    const status = async (id: string) =>
      (await json(await fetch(igGraph(id, { fields: 'status_code,status', access_token: token })))) as {
        status_code: string;
        status: string;
      };
    const publish = (id: string) =>
      fetch(igGraph(`${INSTAGRAM_USER_ID}/media_publish`, {}), form({ creation_id: id, access_token: token }));
    const settled = async (id: string) => {
      for (let i = 0; i < 100; i++) {
        const s = await status(id);
        if (s.status_code !== 'IN_PROGRESS') return s;
        await new Promise((r) => setTimeout(r, 20));
      }
      throw new Error('still IN_PROGRESS');
    };

    it('an image container stays IN_PROGRESS while processing, cannot be published then, and is published once', async () => {
      meta.instagram.processingMs = 300;
      const url = media.put('/m/square.jpg', await jpegOf(1080, 1080));
      const { id } = (await json(await create({ image_url: url, caption: 'Harbour at dawn', alt_text: 'Boats at dawn' }))) as {
        id: string;
      };
      expect(id).toMatch(/^\d{17}$/);
      expect((await status(id)).status_code).toBe('IN_PROGRESS');
      const early = (await json(await publish(id))).error as { code: number; error_subcode: number };
      expect([early.code, early.error_subcode]).toEqual([9007, 2207027]);
      meta.instagram.processingMs = 0;
      await new Promise((r) => setTimeout(r, 350));
      expect(await settled(id)).toEqual({ id, status_code: 'FINISHED', status: 'Finished' });
      const published = (await json(await publish(id))) as { id: string };
      expect(published.id).toMatch(/^\d{17}$/);
      expect((await status(id)).status_code).toBe('PUBLISHED');
      const twice = (await json(await publish(id))).error as { code: number; error_subcode: number };
      expect([twice.code, twice.error_subcode]).toEqual([24, 2207008]);
      expect(meta.crawls.find((c) => c.url === url)).toMatchObject({ robots: 'allowed', status: 200 });
      expect(media.requests.some((r) => r.path === '/robots.txt' && r.userAgent.startsWith('facebookexternalhit'))).toBe(true);

      const recent = (await json(
        await fetch(igGraph(`${INSTAGRAM_USER_ID}/media`, { fields: 'id,caption,permalink,timestamp', access_token: token })),
      )) as {
        data: Array<{ id: string; caption: string; permalink: string; timestamp: string }>;
      };
      expect(recent.data[0]).toMatchObject({ id: published.id, caption: 'Harbour at dawn' });
      expect(recent.data[0].permalink).toMatch(/^https:\/\/www\.instagram\.com\/p\/[\w-]+\/$/);
      expect(recent.data[0].timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+0000$/);
      meta.setCounts(published.id, 12, 3);
      const counts = await json(await fetch(igGraph(published.id, { fields: 'like_count,comments_count,permalink', access_token: token })));
      expect(counts).toMatchObject({ id: published.id, like_count: 12, comments_count: 3 });
      const quota = await json(
        await fetch(igGraph(`${INSTAGRAM_USER_ID}/content_publishing_limit`, { fields: 'quota_usage,config', access_token: token })),
      );
      expect(quota).toEqual({ data: [{ quota_usage: 1, config: { quota_total: 50, quota_duration: 86400 } }] });
    });

    it('the crawler refuses what Instagram refuses: a ratio outside 4:5-1.91:1 (2207009), a PNG (2207005), a path robots.txt disallows (2207052)', async () => {
      const tall = media.put('/m/scroll.jpg', await jpegOf(300, 900));
      const wide = media.put('/m/panorama.jpg', await jpegOf(1200, 400));
      const png = media.put('/m/work.png', await jpegOf(800, 800, 'png'), 'image/png');
      const hidden = media.put('/private/work.jpg', await jpegOf(800, 800));
      const missing = `${media.origin}/m/none.jpg`;
      const expected: Array<[string, string]> = [
        [tall, '2207009'],
        [wide, '2207009'],
        [png, '2207005'],
        [hidden, '2207052'],
        [missing, '2207052'],
      ];
      for (const [url, subcode] of expected) {
        const { id } = (await json(await create({ image_url: url }))) as { id: string };
        expect(`${url}: ${JSON.stringify(await settled(id))}`).toBe(
          `${url}: ${JSON.stringify({ id, status_code: 'ERROR', status: subcode })}`,
        );
      }
      expect(meta.crawls.find((c) => c.url === hidden)?.robots).toBe('disallowed');
      expect(media.requests.some((r) => r.path === '/private/work.jpg')).toBe(false);
      // The edges of the range are accepted.
      for (const [w, h] of [
        [1080, 1350],
        [1910, 1000],
      ]) {
        const { id } = (await json(await create({ image_url: media.put(`/m/edge-${w}.jpg`, await jpegOf(w, h)) }))) as { id: string };
        expect((await settled(id)).status_code).toBe('FINISHED');
      }
    });

    it('a container not published within 24 hours is EXPIRED and cannot be published', async () => {
      const { id } = (await json(await create({ image_url: media.put('/m/later.jpg', await jpegOf(1000, 1000)) }))) as { id: string };
      expect((await settled(id)).status_code).toBe('FINISHED');
      meta.clock.advance(24 * HOUR);
      expect((await status(id)).status_code).toBe('EXPIRED');
      expect(((await json(await publish(id))).error as { error_subcode: number }).error_subcode).toBe(2207008);
    });

    it('a carousel of items and a Reel are published; alt_text is refused on both', async () => {
      const items: string[] = [];
      for (const n of [1, 2]) {
        const url = media.put(`/m/item-${n}.jpg`, await jpegOf(1080, 1080));
        const { id } = (await json(await create({ image_url: url, is_carousel_item: 'true' }))) as { id: string };
        items.push(id);
      }
      expect(((await json(await publish(items[0]))).error as { code: number }).code).toBe(24);
      expect(
        ((await json(await create({ media_type: 'CAROUSEL', children: items.join(','), alt_text: 'x' }))).error as { code: number }).code,
      ).toBe(100);
      expect(((await json(await create({ media_type: 'CAROUSEL', children: items[0] }))).error as { code: number }).code).toBe(100);
      const carousel = (await json(await create({ media_type: 'CAROUSEL', children: items.join(','), caption: 'Two studies' }))) as {
        id: string;
      };
      expect((await settled(carousel.id)).status_code).toBe('FINISHED');
      const album = (await json(await publish(carousel.id))) as { id: string };
      expect(meta.state.igMedia.get(album.id)).toMatchObject({ mediaType: 'CAROUSEL_ALBUM', caption: 'Two studies' });

      const video = media.put('/m/reel.mp4', mp4Head(), 'video/mp4');
      expect(((await json(await create({ media_type: 'REELS', video_url: video, alt_text: 'x' }))).error as { code: number }).code).toBe(
        100,
      );
      const reel = (await json(await create({ media_type: 'REELS', video_url: video, caption: 'Process' }))) as { id: string };
      expect((await settled(reel.id)).status_code).toBe('FINISHED');
      const notVideo = (await json(
        await create({ media_type: 'REELS', video_url: media.put('/m/fake.mp4', Buffer.from('not a video')) }),
      )) as { id: string };
      expect((await settled(notVideo.id)).status).toBe('2207026');
    });

    it('a lost answer: media_publish takes effect and the connection closes without an answer', async () => {
      const { id } = (await json(
        await create({ image_url: media.put('/m/lost.jpg', await jpegOf(1080, 1080)), caption: 'Lost answer' }),
      )) as { id: string };
      await settled(id);
      meta.loseAnswer({ host: 'instagram-graph', method: 'POST', path: '/media_publish' });
      await expect(publish(id)).rejects.toThrow();
      expect((await status(id)).status_code).toBe('PUBLISHED');
      expect([...meta.state.igMedia.values()].filter((m) => m.caption === 'Lost answer')).toHaveLength(1);
    });

    it('past the quota, media_publish answers 9/2207042; an injected error is answered once', async () => {
      const { id } = (await json(await create({ image_url: media.put('/m/quota.jpg', await jpegOf(1080, 1080)) }))) as { id: string };
      await settled(id);
      meta.usedQuota(INSTAGRAM_USER_ID, 50);
      const limited = (await json(await publish(id))).error as { code: number; error_subcode: number };
      expect([limited.code, limited.error_subcode]).toEqual([9, 2207042]);
      meta.clock.advance(24 * HOUR + 1000);
      meta.failNext({ host: 'instagram-graph', path: '/media_publish' }, ERRORS.rateLimit);
      const throttled = await json(await publish(id));
      expect(throttled.error).toMatchObject({ code: 4, is_transient: true, type: 'OAuthException' });
      expect((throttled.error as { fbtrace_id: string }).fbtrace_id).toBeTruthy();
      // The container expired meanwhile (24 h on the fake's clock): a new one is needed.
      expect(((await json(await publish(id))).error as { error_subcode: number }).error_subcode).toBe(2207008);
    });

    it('a revoked grant fails every call with 190/458 until restored', async () => {
      meta.revoke(INSTAGRAM_USER_ID);
      const res = await json(await fetch(igGraph('me', { fields: 'username', access_token: token })));
      expect(res.error).toMatchObject({ code: 190, error_subcode: 458 });
      meta.restore(INSTAGRAM_USER_ID);
      expect((await json(await fetch(igGraph('me', { fields: 'username', access_token: token })))).username).toBe('ada.paints');
    });
  });

  describe('Facebook Pages', () => {
    const fbGraph = (path: string, query: Record<string, string>) =>
      `${meta.urls.facebookGraph}/${v()}/${path}?${new URLSearchParams(query)}`;
    let pageToken: string;
    let userToken: string;
    const PAGE = '102938475610293';

    beforeAll(async () => {
      const q = {
        client_id: meta.facebook.appId,
        redirect_uri: FB_REDIRECT,
        state: 'fb',
        scope: 'pages_show_list,pages_manage_posts,pages_read_engagement',
      };
      const page = await fetch(`${meta.urls.facebookAuthorize}?${new URLSearchParams(q)}`);
      expect(await text(page)).toContain('Ada Lovelace');
      const res = await fetch(meta.urls.facebookAuthorize, { ...form({ ...q, decision: 'allow' }), redirect: 'manual' });
      const back = new URL(res.headers.get('location')!);
      expect(back.searchParams.get('state')).toBe('fb');
      const code = back.searchParams.get('code')!;
      const exchange = () =>
        fetch(
          fbGraph('oauth/access_token', {
            client_id: meta.facebook.appId,
            client_secret: meta.facebook.appSecret,
            redirect_uri: FB_REDIRECT,
            code,
          }),
        );
      const short = (await json(await exchange())) as { access_token: string };
      const reused = await json(await exchange());
      expect((reused.error as { code: number }).code).toBe(100);
      const long = (await json(
        await fetch(
          fbGraph('oauth/access_token', {
            grant_type: 'fb_exchange_token',
            client_id: meta.facebook.appId,
            client_secret: meta.facebook.appSecret,
            fb_exchange_token: short.access_token,
          }),
        ),
      )) as { access_token: string; expires_in: number };
      expect(long.expires_in).toBe(60 * 24 * 3600);
      userToken = long.access_token;
      const accounts = (await json(await fetch(fbGraph('me/accounts', { access_token: userToken })))) as {
        data: Array<{ id: string; name: string; access_token: string; tasks: string[] }>;
      };
      expect(accounts.data).toHaveLength(1);
      expect(accounts.data[0]).toMatchObject({ id: PAGE, name: 'Ada Paints' });
      expect(accounts.data[0].tasks).toContain('CREATE_CONTENT');
      pageToken = accounts.data[0].access_token;
      expect(meta.state.tokens.get(pageToken)?.expiresAt).toBeNull();
    });

    it('a photo by url becomes a post; photos uploaded unpublished go out together in one feed post, once', async () => {
      media.setRobots(null);
      const single = (await json(
        await fetch(
          fbGraph(`${PAGE}/photos`, {}),
          form({ url: media.put('/fb/one.jpg', await jpegOf(600, 900)), caption: 'One', access_token: pageToken }),
        ),
      )) as {
        id: string;
        post_id: string;
      };
      expect(single.post_id).toMatch(new RegExp(`^${PAGE}_\\d+$`));
      const ids: string[] = [];
      for (const n of [1, 2]) {
        const photo = (await json(
          await fetch(
            fbGraph(`${PAGE}/photos`, {}),
            form({ url: media.put(`/fb/${n}.jpg`, await jpegOf(800, 600)), published: 'false', access_token: pageToken }),
          ),
        )) as {
          id: string;
          post_id?: string;
        };
        expect(photo.post_id).toBeUndefined();
        ids.push(photo.id);
      }
      const attach = Object.fromEntries(ids.map((id, i) => [`attached_media[${i}]`, JSON.stringify({ media_fbid: id })]));
      const post = (await json(await fetch(fbGraph(`${PAGE}/feed`, {}), form({ message: 'Two', ...attach, access_token: pageToken })))) as {
        id: string;
      };
      expect(meta.state.posts.get(post.id)?.attachedMedia).toEqual(ids);
      const again = await json(await fetch(fbGraph(`${PAGE}/feed`, {}), form({ message: 'Two', ...attach, access_token: pageToken })));
      expect((again.error as { code: number }).code).toBe(100);

      const link = (await json(
        await fetch(
          fbGraph(`${PAGE}/feed`, {}),
          form({ message: 'New work', link: 'https://ada.example/works/1', access_token: pageToken }),
        ),
      )) as { id: string };
      const recent = (await json(
        await fetch(fbGraph(`${PAGE}/feed`, { fields: 'id,message,created_time,permalink_url', access_token: pageToken })),
      )) as {
        data: Array<{ id: string; message: string; permalink_url: string }>;
      };
      expect(recent.data.map((p) => p.id)).toEqual([link.id, post.id, single.post_id]);
      expect(recent.data[0].permalink_url).toMatch(/^https:\/\/www\.facebook\.com\//);
      meta.setCounts(link.id, 7, 2);
      const counts = await json(
        await fetch(
          fbGraph(link.id, { fields: 'reactions.summary(total_count).limit(0),comments.summary(true).limit(0)', access_token: pageToken }),
        ),
      );
      expect(counts).toMatchObject({ reactions: { summary: { total_count: 7 } }, comments: { summary: { total_count: 2 } } });
    });

    it("posting needs the Page's own token and pages_manage_posts; a revoked person's tokens fail with 190", async () => {
      const asUser = await json(await fetch(fbGraph(`${PAGE}/feed`, {}), form({ message: 'x', access_token: userToken })));
      expect((asUser.error as { code: number }).code).toBe(200);
      meta.revoke('10160000000000001');
      const revoked = await json(await fetch(fbGraph(`${PAGE}/feed`, {}), form({ message: 'x', access_token: pageToken })));
      expect(revoked.error).toMatchObject({ code: 190, error_subcode: 458 });
      meta.restore('10160000000000001');
    });

    it('the dialog refuses a redirect URI that is not registered', async () => {
      const q = { client_id: meta.facebook.appId, redirect_uri: 'https://evil.example/cb', state: 'fb', scope: 'pages_show_list' };
      expect((await fetch(`${meta.urls.facebookAuthorize}?${new URLSearchParams(q)}`)).status).toBe(400);
    });
  });
});
