import http from 'node:http';
import sharp from 'sharp';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMetaFake, type MetaFake } from '../support/meta-fake';
import { jpegOf } from '../support/media-host';
import { SOCIAL_TEST_ENV, addPostMedia, eventually, getPost, publish, savePostOk } from '../support/social';
import { createTestApp, signedInUser, type TestApp } from '../support/test-app';

const CALLBACK = '/oauth/meta/instagram/callback';

describe(`Instagram gets the work on the mat the artist chose (${process.env.TEST_DB})`, () => {
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

  it('publishes a tall work on a black mat when the artist chose black, the same image the preview showed', async () => {
    const account = { platform: 'instagram' as const, handle: 'ada.paints' };
    const post = await savePostOk(t, ada, { content: 'On black', accounts: [account] });
    const scroll = await addPostMedia(t, ada, post.postId, await jpegOf(600, 1800), 'image/jpeg', 'scroll.jpg');
    await savePostOk(t, ada, {
      postId: post.postId,
      content: 'On black',
      accounts: [account],
      mediaIds: [scroll.mediaId],
      mats: { [scroll.mediaId]: 'black' },
    });
    const preview = await t.request('/api/social-media/fitted-preview', {
      method: 'POST',
      token: ada,
      json: { mediaId: scroll.mediaId, network: 'instagram', mat: 'black' },
    });
    const shown = Buffer.from(await (await fetch(((await preview.json()) as { url: string }).url)).arrayBuffer());
    expect((await publish(t, ada, post.postId)).status).toBe(200);
    const r = await eventually(
      async () => {
        await t.deps.social.worker.runOnce();
        const response = (await getPost(t, ada, post.postId)).responses[0];
        return response?.postStatus === 'pending' ? null : response;
      },
      40_000,
      200,
    );
    expect(r).toMatchObject({ postStatus: 'posted' });
    const container = [...meta.state.containers.values()].find((c) => c.caption === 'On black')!;
    const sent = Buffer.from(await (await fetch(container.imageUrl!)).arrayBuffer());
    expect(sent.equals(shown)).toBe(true);
    const corner = await sharp(sent).extract({ left: 0, top: 0, width: 1, height: 1 }).raw().toBuffer();
    expect([...corner].every((v) => v < 16)).toBe(true);
  });
});
