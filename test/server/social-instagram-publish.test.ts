import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMetaFake, type MetaFake } from '../support/meta-fake';
import { jpegOf } from '../support/media-host';
import { SOCIAL_TEST_ENV, addPostMedia, eventually, getPost, publish, savePostOk } from '../support/social';
import { createTestApp, signedInUser, type TestApp } from '../support/test-app';

const CALLBACK = '/oauth/meta/instagram/callback';

describe(`publishing to Instagram (${process.env.TEST_DB})`, () => {
  let meta: MetaFake;
  let t: TestApp;
  let ada: string;
  let server: http.Server;
  beforeAll(async () => {
    meta = await startMetaFake();
    // The studio on a real port: Meta's crawler fetches the pictures from APP_URL.
    server = http.createServer(async (req, res) => {
      const answer = await t.request(`${appUrl}${req.url}`, { method: req.method, holdMail: true });
      res.writeHead(answer.status, Object.fromEntries(answer.headers));
      res.end(Buffer.from(await answer.arrayBuffer()));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const appUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    t = await createTestApp({ ...SOCIAL_TEST_ENV, ...meta.env, APP_URL: appUrl });
    meta.instagram.redirectUris.push(`${appUrl}${CALLBACK}`);
    ada = (await signedInUser(t)).idToken;
    const start = await t.request('/api/social/meta/instagram/start', { method: 'POST', token: ada });
    const cookie = start.headers.get('set-cookie')!.split(';')[0];
    const login = new URL(((await start.json()) as { authorizeUrl: string }).authorizeUrl);
    const allowed = await fetch(`${login.origin}${login.pathname}`, {
      method: 'POST',
      body: new URLSearchParams({ ...Object.fromEntries(login.searchParams), decision: 'allow' }),
      redirect: 'manual',
    });
    const back = new URL(allowed.headers.get('location')!.replace(/#_$/, ''));
    const done = await t.request(`${CALLBACK}${back.search}`, { headers: { cookie } });
    expect(new URL(done.headers.get('location')!).searchParams.get('instagram')).toBe('connected');
  });
  afterAll(async () => {
    await t?.close();
    await meta?.close();
    server?.close();
  });

  async function postOne(caption: string) {
    const post = await savePostOk(t, ada, { content: caption, accounts: [{ platform: 'instagram', handle: 'ada.paints' }] });
    await addPostMedia(t, ada, post.postId, await jpegOf(600, 1800), 'image/jpeg', 'scroll.jpg');
    expect((await publish(t, ada, post.postId)).status).toBe(200);
    return post.postId;
  }
  const published = (postId: string) =>
    eventually(
      async () => {
        await t.deps.social.worker.runOnce();
        const r = (await getPost(t, ada, postId)).responses[0];
        return r?.postStatus === 'posted' ? r : r?.postStatus === 'error' ? r : null;
      },
      40_000,
      200,
    );

  it('publishes a tall work whole, on a mat, as one media with its permalink', async () => {
    const postId = await postOne('A scroll, whole');
    const r = await published(postId);
    expect(r).toMatchObject({ postStatus: 'posted' });
    const media = [...meta.state.igMedia.values()].filter((m) => m.caption === 'A scroll, whole');
    expect(media).toHaveLength(1);
    expect(r.postUrl).toBe(media[0].permalink);
  });

  it('a lost media_publish answer is not a second post: the retry asks the container', async () => {
    meta.loseAnswer({ host: 'instagram-graph', method: 'POST', path: '/media_publish' });
    const postId = await postOne('Lost, then found');
    const r = await published(postId);
    expect(r).toMatchObject({ postStatus: 'posted' });
    const media = [...meta.state.igMedia.values()].filter((m) => m.caption === 'Lost, then found');
    expect(media).toHaveLength(1);
    expect(r.postUrl).toBe(media[0].permalink);
    expect([...meta.state.containers.values()].filter((c) => c.caption === 'Lost, then found')).toHaveLength(1);
  });
});
