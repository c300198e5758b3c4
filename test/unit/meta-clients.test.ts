import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as fb from '../../server/social/providers/facebook/facebook-api';
import * as ig from '../../server/social/providers/instagram/instagram-api';
import { GraphError, GraphTransportError, graphRequest, withDeadline } from '../../server/social/providers/meta/graph-client';
import { graphId, parseGraphJson } from '../../server/social/providers/meta/graph-json';
import { readMetaFailure } from '../../server/social/providers/meta/meta-failures';
import { z } from 'zod';
import { ERRORS, INSTAGRAM_USER_ID, startMetaFake, type MetaFake } from '../support/meta-fake';
import { jpegOf, mp4Head, startMediaHost } from '../support/media-host';

const IG_REDIRECT = 'https://studio.example/api/social/instagram/callback';
const FB_REDIRECT = 'https://studio.example/api/social/facebook/callback';

describe('ids above 2^53', () => {
  it('never pass through a JavaScript number', () => {
    const text = '{"user_id":17841405793187218,"other":9007199254740993,"count":12,"ratio":1.5,"small":9007199254740991}';
    // What JSON.parse does to an odd number above 2^53: it becomes its even neighbour.
    expect(String((JSON.parse(text) as { other: number }).other)).toBe('9007199254740992');
    const parsed = parseGraphJson(text) as Record<string, unknown>;
    expect(parsed).toEqual({ user_id: '17841405793187218', other: '9007199254740993', count: 12, ratio: 1.5, small: 9007199254740991 });
    expect(graphId.parse(parsed.user_id)).toBe('17841405793187218');
    expect(graphId.parse(parsed.other)).toBe('9007199254740993');
    expect(graphId.parse(parsed.small)).toBe('9007199254740991');
    expect(graphId.parse('102938475610293_900000000000001')).toBe('102938475610293_900000000000001');
    expect(() => graphId.parse('12a')).toThrow();
  });
});

describe('the deadline of a Graph call', () => {
  let server: http.Server;
  let origin: string;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      if (req.url === '/stall-body') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"id":');
        return; // the rest never comes
      }
      if (req.url === '/html') return void res.writeHead(502, { 'content-type': 'text/html' }).end('<html>Bad gateway</html>');
      // '/stall-head': no answer at all
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  for (const path of ['/stall-head', '/stall-body']) {
    it(`covers the whole call, the body included (${path})`, async () => {
      const started = performance.now();
      const err = await graphRequest({ fetch, timeoutMs: 300 }, { method: 'GET', url: `${origin}${path}` }, z.unknown()).catch(
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(GraphTransportError);
      expect((err as GraphTransportError).reason).toBe('timeout');
      expect(performance.now() - started).toBeLessThan(3000);
    });
  }

  it('a body that is not JSON is a malformed answer with its status', async () => {
    const err = (await graphRequest({ fetch }, { method: 'GET', url: `${origin}/html` }, z.unknown()).catch(
      (e: unknown) => e,
    )) as GraphTransportError;
    expect([err.reason, err.status]).toEqual(['malformed', 502]);
    expect(readMetaFailure(err, 'Instagram').kind).toBe('temporary');
  });

  it('clears its timer however the work ends', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      await withDeadline(10_000, async () => 'done');
      await withDeadline(10_000, async () => {
        throw new Error('failed');
      }).catch(() => undefined);
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the Instagram and Facebook clients against the contract fake', () => {
  let meta: MetaFake;
  let media: Awaited<ReturnType<typeof startMediaHost>>;
  let instagram: ig.InstagramApi;
  let facebook: fb.FacebookApi;
  beforeAll(async () => {
    meta = await startMetaFake({ instagramRedirectUris: [IG_REDIRECT], facebookRedirectUris: [FB_REDIRECT] });
    media = await startMediaHost();
    const e = meta.env;
    instagram = {
      app: {
        appId: e.INSTAGRAM_APP_ID,
        appSecret: e.INSTAGRAM_APP_SECRET,
        authorizeUrl: e.INSTAGRAM_AUTHORIZE_URL,
        apiUrl: e.INSTAGRAM_API_URL,
        graphUrl: e.INSTAGRAM_GRAPH_URL,
        graphVersion: e.META_GRAPH_VERSION,
      },
      transport: { fetch },
    };
    facebook = {
      app: {
        appId: e.FACEBOOK_APP_ID,
        appSecret: e.FACEBOOK_APP_SECRET,
        authorizeUrl: e.FACEBOOK_AUTHORIZE_URL,
        graphUrl: e.FACEBOOK_GRAPH_URL,
        graphVersion: e.META_GRAPH_VERSION,
        configId: null,
      },
      transport: { fetch },
    };
  });
  afterAll(async () => {
    await meta.close();
    await media.close();
  });

  /** What the person does on the login page: opens it, clicks Allow; answers where the browser is sent back. */
  async function approve(authorizeUrl: string) {
    const page = await fetch(authorizeUrl);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('>Allow</button>');
    const url = new URL(authorizeUrl);
    const res = await fetch(`${url.origin}${url.pathname}`, {
      method: 'POST',
      body: new URLSearchParams({ ...Object.fromEntries(url.searchParams), decision: 'allow' }),
      redirect: 'manual',
    });
    return res.headers.get('location')!;
  }

  async function connectInstagram() {
    const back = await approve(ig.instagramAuthorizeUrl(instagram.app, { redirectUri: IG_REDIRECT, state: 'st-1' }));
    const code = new URL(back).searchParams.get('code')!;
    expect(back.endsWith('#_')).toBe(true);
    const grant = await ig.exchangeInstagramCode(instagram, { code, redirectUri: IG_REDIRECT });
    const long = await ig.exchangeInstagramToken(instagram, grant.accessToken);
    return { grant, token: long.accessToken, expiresInSeconds: long.expiresInSeconds };
  }

  const settled = async (token: string, id: string) => {
    for (let i = 0; i < 200; i++) {
      const s = await ig.getContainerStatus(instagram, token, id);
      if (s.statusCode !== 'IN_PROGRESS') return s;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error('still IN_PROGRESS');
  };

  describe('Instagram', () => {
    it('connects through the authorization window, with the code answer wrapped or flat, and the id exact', async () => {
      const url = new URL(ig.instagramAuthorizeUrl(instagram.app, { redirectUri: IG_REDIRECT, state: 'abc' }));
      expect(Object.fromEntries(url.searchParams)).toEqual({
        client_id: meta.instagram.appId,
        redirect_uri: IG_REDIRECT,
        response_type: 'code',
        scope: 'instagram_business_basic,instagram_business_content_publish',
        state: 'abc',
      });
      for (const shape of ['wrapped', 'flat'] as const) {
        meta.instagram.answerShape = shape;
        const { grant, token, expiresInSeconds } = await connectInstagram();
        expect(grant.userId).toBe(INSTAGRAM_USER_ID);
        expect(grant.permissions).toEqual(['instagram_business_basic', 'instagram_business_content_publish']);
        expect(expiresInSeconds).toBe(60 * 24 * 3600);
        expect(await ig.getInstagramAccount(instagram, token)).toEqual({ userId: INSTAGRAM_USER_ID, username: 'ada.paints' });
      }
      meta.instagram.answerShape = 'wrapped';
      expect(
        meta.calls
          .filter((c) => c.host === 'instagram-graph' && c.path.endsWith('/me'))
          .every((c) => c.path === `/${meta.graphVersion}/me`),
      ).toBe(true);
    });

    it("a code used twice is api.instagram.com's own error, read as a GraphError", async () => {
      const back = await approve(ig.instagramAuthorizeUrl(instagram.app, { redirectUri: IG_REDIRECT, state: 'x' }));
      const code = `${new URL(back).searchParams.get('code')}#_`;
      await ig.exchangeInstagramCode(instagram, { code, redirectUri: IG_REDIRECT });
      const err = (await ig.exchangeInstagramCode(instagram, { code, redirectUri: IG_REDIRECT }).catch((e: unknown) => e)) as GraphError;
      expect(err).toBeInstanceOf(GraphError);
      expect([err.status, err.code, err.extra.type, err.message]).toEqual([
        400,
        400,
        'OAuthException',
        'Matching code was not found or was already used',
      ]);
      expect(readMetaFailure(err, 'Instagram').kind).toBe('permanent');
    });

    it('refreshes a token once it is a day old', async () => {
      const { token } = await connectInstagram();
      await expect(ig.refreshInstagramToken(instagram, token)).rejects.toBeInstanceOf(GraphError);
      meta.clock.advance(25 * 3600_000);
      const fresh = await ig.refreshInstagramToken(instagram, token);
      expect(fresh.expiresInSeconds).toBe(60 * 24 * 3600);
      expect((await ig.getInstagramAccount(instagram, fresh.accessToken)).userId).toBe(INSTAGRAM_USER_ID);
    });

    it('publishes an image, a carousel and a Reel, and reads the quota, the permalink and the counts', async () => {
      const { token } = await connectInstagram();
      const account = { token, igUserId: INSTAGRAM_USER_ID };
      meta.instagram.processingMs = 200;
      const image = await ig.createImageContainer(instagram, account, {
        imageUrl: media.put('/a.jpg', await jpegOf(1080, 1350)),
        caption: 'Harbour at dawn',
        altText: 'Boats in a harbour at dawn',
      });
      expect(image).toMatch(/^\d{17}$/);
      expect((await ig.getContainerStatus(instagram, token, image)).statusCode).toBe('IN_PROGRESS');
      await expect(ig.publishContainer(instagram, account, image)).rejects.toMatchObject({ code: 9007, subcode: 2207027 });
      meta.instagram.processingMs = 0;
      await new Promise((r) => setTimeout(r, 250));
      expect(await settled(token, image)).toEqual({ statusCode: 'FINISHED', errorSubcode: undefined });
      const mediaId = await ig.publishContainer(instagram, account, image);
      expect(meta.state.containers.get(image)?.altText).toBe('Boats in a harbour at dawn');

      const items = [];
      for (const n of [1, 2, 3])
        items.push(
          await ig.createImageContainer(instagram, account, {
            imageUrl: media.put(`/c${n}.jpg`, await jpegOf(1080, 1080)),
            carouselItem: true,
          }),
        );
      const carousel = await ig.createCarouselContainer(instagram, account, { children: items, caption: 'Three studies' });
      expect((await settled(token, carousel)).statusCode).toBe('FINISHED');
      const album = await ig.publishContainer(instagram, account, carousel);
      expect(meta.state.igMedia.get(album)?.mediaType).toBe('CAROUSEL_ALBUM');

      const reel = await ig.createReelContainer(instagram, account, {
        videoUrl: media.put('/r.mp4', mp4Head(), 'video/mp4'),
        caption: 'Process',
      });
      expect((await settled(token, reel)).statusCode).toBe('FINISHED');
      await ig.publishContainer(instagram, account, reel);

      const recent = await ig.listRecentMedia(instagram, account);
      expect(recent.map((m) => m.caption).slice(0, 3)).toEqual(['Process', 'Three studies', 'Harbour at dawn']);
      meta.setCounts(mediaId, 41, 5);
      expect(await ig.getMediaMetrics(instagram, token, mediaId)).toEqual({
        likes: 41,
        comments: 5,
        permalink: meta.state.igMedia.get(mediaId)!.permalink,
      });
      expect(await ig.getMediaPermalink(instagram, token, mediaId)).toBe(meta.state.igMedia.get(mediaId)!.permalink);
      expect(await ig.getPublishingQuota(instagram, account)).toEqual({ used: 3, total: 50, windowSeconds: 86400 });
    });

    it('a container in ERROR names its subcode, and a lost media_publish answer is found among the recent media', async () => {
      const { token } = await connectInstagram();
      const account = { token, igUserId: INSTAGRAM_USER_ID };
      const scroll = await ig.createImageContainer(instagram, account, {
        imageUrl: media.put('/scroll.jpg', await jpegOf(400, 1200)),
        caption: 'Scroll',
      });
      const failed = await settled(token, scroll);
      expect(failed).toEqual({ statusCode: 'ERROR', errorSubcode: 2207009 });
      expect(readMetaFailure(new GraphError(400, undefined, failed.errorSubcode, ''), 'Instagram').reason).toBe('aspect-ratio');

      const since = new Date(meta.clock.now());
      const container = await ig.createImageContainer(instagram, account, {
        imageUrl: media.put('/lost.jpg', await jpegOf(1080, 1080)),
        caption: 'Lost answer',
      });
      await settled(token, container);
      meta.loseAnswer({ host: 'instagram-graph', method: 'POST', path: '/media_publish' });
      const lost = (await ig.publishContainer(instagram, account, container).catch((e: unknown) => e)) as GraphTransportError;
      expect(lost).toBeInstanceOf(GraphTransportError);
      expect(readMetaFailure(lost, 'Instagram')).toMatchObject({ kind: 'temporary', ambiguous: true });
      expect((await ig.getContainerStatus(instagram, token, container)).statusCode).toBe('PUBLISHED');
      const found = ig.findPublishedMedia(await ig.listRecentMedia(instagram, account), { caption: 'Lost answer', since });
      expect(found?.permalink).toBe([...meta.state.igMedia.values()].find((m) => m.caption === 'Lost answer')!.permalink);
      expect(
        ig.findPublishedMedia(await ig.listRecentMedia(instagram, account), {
          caption: 'Lost answer',
          since: new Date(meta.clock.now() + 5000),
        }),
      ).toBeUndefined();
    });

    it('Graph failures come back as GraphErrors with their code, subcode and trace', async () => {
      const { token } = await connectInstagram();
      meta.failNext({ host: 'instagram-graph', path: '/me' }, ERRORS.revokedToken);
      const err = (await ig.getInstagramAccount(instagram, token).catch((e: unknown) => e)) as GraphError;
      expect([err.code, err.subcode, err.extra.type]).toEqual([190, 460, 'OAuthException']);
      expect(err.extra.fbtraceId).toBeTruthy();
      expect(readMetaFailure(err, 'Instagram').kind).toBe('reconnect');
    });
  });

  describe('Facebook', () => {
    async function connectFacebook() {
      const back = await approve(fb.facebookAuthorizeUrl(facebook.app, { redirectUri: FB_REDIRECT, state: 'fb-1' }));
      expect(new URL(back).searchParams.get('state')).toBe('fb-1');
      const short = await fb.exchangeFacebookCode(facebook, { code: new URL(back).searchParams.get('code')!, redirectUri: FB_REDIRECT });
      const long = await fb.exchangeFacebookToken(facebook, short.accessToken);
      expect(long.expiresInSeconds).toBe(60 * 24 * 3600);
      const pages = await fb.listFacebookPages(facebook, long.accessToken);
      expect(pages.map((p) => [p.id, p.name])).toEqual([['102938475610293', 'Ada Paints']]);
      return { pageToken: pages[0].accessToken, pageId: pages[0].id };
    }

    it('connects a Page and posts a photo, several photos in one post, and a link; then finds and counts them', async () => {
      const page = await connectFacebook();
      const single = await fb.publishPagePhoto(facebook, page, { url: media.put('/fb1.jpg', await jpegOf(900, 600)), caption: 'One work' });
      expect(single.postId).toMatch(/^102938475610293_\d+$/);
      const photos = [];
      for (const n of [1, 2, 3])
        photos.push(await fb.uploadUnpublishedPhoto(facebook, page, { url: media.put(`/fb-many-${n}.jpg`, await jpegOf(800, 800)) }));
      const album = await fb.publishPagePost(facebook, page, { message: 'Three works', photoIds: photos });
      expect(meta.state.posts.get(album)?.attachedMedia).toEqual(photos);
      const link = await fb.publishPagePost(facebook, page, { message: 'New on the site', link: 'https://ada.example/works/7' });
      const recent = await fb.listRecentPagePosts(facebook, page);
      expect(recent.map((p) => [p.id, p.message])).toEqual([
        [link, 'New on the site'],
        [album, 'Three works'],
        [single.postId, 'One work'],
      ]);
      expect(recent[0].createdTime.getTime()).toBeGreaterThan(Date.now() - 7 * 24 * 3600_000);
      meta.setCounts(link, 9, 4);
      expect(await fb.getPagePostMetrics(facebook, page.pageToken, link)).toEqual({
        reactions: 9,
        comments: 4,
        permalink: meta.state.posts.get(link)!.permalink,
      });
    });

    it('a photo whose address robots.txt forbids is refused, and a post made with the wrong token is a permissions failure', async () => {
      const page = await connectFacebook();
      media.setRobots('User-agent: *\nDisallow: /\n');
      try {
        await expect(fb.publishPagePhoto(facebook, page, { url: media.put('/hidden.jpg', await jpegOf(800, 800)) })).rejects.toMatchObject({
          code: 100,
        });
      } finally {
        media.setRobots(null);
      }
      const err = (await fb
        .publishPagePost(facebook, { ...page, pageToken: 'EAAB-not-a-token' }, { message: 'x' })
        .catch((e: unknown) => e)) as GraphError;
      expect(err.code).toBe(190);
    });
  });
});
