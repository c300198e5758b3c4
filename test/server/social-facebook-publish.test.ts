import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { socialAccounts } from '../../server/db/schema';
import { FACEBOOK_CALLBACK, connectFacebook } from '../support/facebook-login';
import { ERRORS, startMetaFake, type MetaFake } from '../support/meta-fake';
import { jpegOf } from '../support/media-host';
import { SOCIAL_TEST_ENV, addPostMedia, eventually, getPost, publish, savePostOk } from '../support/social';
import { createTestApp, signedInUser, type TestApp } from '../support/test-app';

const PAGE_ID = '102938475610293';
const PERSON = '10160000000000001';
const PAGE = { platform: 'facebook' as const, handle: 'ada paints' };

describe(`publishing to a Facebook Page (${process.env.TEST_DB})`, () => {
  let meta: MetaFake;
  let t: TestApp;
  let ada: string;
  let server: http.Server;
  beforeAll(async () => {
    meta = await startMetaFake();
    // The studio on a real port: Facebook's crawler fetches the photos from APP_URL.
    server = http.createServer(async (req, res) => {
      const answer = await t.request(`${appUrl}${req.url}`, { method: req.method, holdMail: true });
      res.writeHead(answer.status, Object.fromEntries(answer.headers));
      res.end(Buffer.from(await answer.arrayBuffer()));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const appUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    t = await createTestApp({ ...SOCIAL_TEST_ENV, ...meta.env, APP_URL: appUrl });
    meta.facebook.redirectUris.push(`${appUrl}${FACEBOOK_CALLBACK}`);
    ada = (await signedInUser(t)).idToken;
    expect((await connectFacebook(t, ada)).result).toEqual({ facebook: 'connected', handle: 'ada paints' });
  });
  afterAll(async () => {
    await t?.close();
    await meta?.close();
    server?.close();
  });

  async function postOne(content: string, images: Array<{ bytes: Buffer; type: string; name: string }> = []) {
    const post = await savePostOk(t, ada, { content, accounts: [PAGE] });
    for (const image of images) await addPostMedia(t, ada, post.postId, image.bytes, image.type, image.name);
    expect((await publish(t, ada, post.postId)).status).toBe(200);
    return post.postId;
  }
  const settled = (postId: string) =>
    eventually(
      async () => {
        await t.deps.social.worker.runOnce();
        const r = (await getPost(t, ada, postId)).responses[0];
        return r?.postStatus === 'posted' || r?.postStatus === 'error' ? r : null;
      },
      40_000,
      200,
    );
  const postsSaying = (message: string) => [...meta.state.posts.values()].filter((p) => p.pageId === PAGE_ID && p.message === message);

  it('posts one photo as a Page photo with its caption, and answers its permalink', async () => {
    const postId = await postOne('A print, whole', [{ bytes: await jpegOf(600, 1800), type: 'image/jpeg', name: 'scroll.jpg' }]);
    const r = await settled(postId);
    expect(r).toMatchObject({ postStatus: 'posted' });
    const [post] = postsSaying('A print, whole');
    expect(postsSaying('A print, whole')).toHaveLength(1);
    expect(r.postUrl).toBe(post.permalink);
    const photo = meta.state.photos.get(post.attachedMedia[0])!;
    // As the artist made it: Facebook takes any ratio, so nothing is fitted or matted.
    expect(photo).toMatchObject({ published: true, width: 600, height: 1800 });
    expect(new URL(photo.url!).pathname).toMatch(/^\/m\//);
  });

  it('posts several photos as one feed post with each attached once', async () => {
    const postId = await postOne('Three studies', [
      { bytes: await jpegOf(800, 600), type: 'image/jpeg', name: 'one.jpg' },
      { bytes: await jpegOf(600, 800, 'png'), type: 'image/png', name: 'two.png' },
      { bytes: await jpegOf(700, 700), type: 'image/jpeg', name: 'three.jpg' },
    ]);
    const r = await settled(postId);
    expect(r).toMatchObject({ postStatus: 'posted' });
    const posts = postsSaying('Three studies');
    expect(posts).toHaveLength(1);
    expect(r.postUrl).toBe(posts[0].permalink);
    const attached = posts[0].attachedMedia.map((id) => meta.state.photos.get(id)!);
    expect(attached.map((p) => [p.width, p.height, p.published])).toEqual([
      [800, 600, false],
      [600, 800, false],
      [700, 700, false],
    ]);
    // No photo uploaded beyond the three.
    expect([...meta.state.photos.values()].filter((p) => !p.published && !p.attachedTo)).toEqual([]);
  });

  it('posts text with its link as a feed post', async () => {
    const text = 'The show opens Friday: https://example.com/show.';
    const r = await settled(await postOne(text));
    expect(r).toMatchObject({ postStatus: 'posted' });
    const posts = postsSaying(text);
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({ link: 'https://example.com/show', attachedMedia: [] });
    expect(r.postUrl).toBe(posts[0].permalink);
  });

  it('a lost answer is not a second post: the retry finds the post among the Page’s recent posts', async () => {
    meta.loseAnswer({ host: 'facebook-graph', method: 'POST', path: '/feed' });
    const r = await settled(await postOne('Lost, then found'));
    expect(r).toMatchObject({ postStatus: 'posted' });
    const posts = postsSaying('Lost, then found');
    expect(posts).toHaveLength(1);
    expect(r.postUrl).toBe(posts[0].permalink);
    // The feed was written once, and looked at before writing again.
    const feedWrites = meta.calls.filter((c) => c.method === 'POST' && c.path.endsWith('/feed') && c.params.message === 'Lost, then found');
    expect(feedWrites).toHaveLength(1);

    meta.loseAnswer({ host: 'facebook-graph', method: 'POST', path: '/photos' });
    const photo = await settled(
      await postOne('A photo, lost then found', [{ bytes: await jpegOf(640, 480), type: 'image/jpeg', name: 'p.jpg' }]),
    );
    expect(photo).toMatchObject({ postStatus: 'posted' });
    expect(postsSaying('A photo, lost then found')).toHaveLength(1);
    expect(photo.postUrl).toBe(postsSaying('A photo, lost then found')[0].permalink);
  });

  it('a lost answer to a several-photo post: its photos are not uploaded again, nor the post made twice', async () => {
    meta.loseAnswer({ host: 'facebook-graph', method: 'POST', path: '/feed' });
    const uploadsBefore = meta.state.photos.size;
    const r = await settled(
      await postOne('Two, lost then found', [
        { bytes: await jpegOf(500, 500), type: 'image/jpeg', name: 'a.jpg' },
        { bytes: await jpegOf(500, 400), type: 'image/jpeg', name: 'b.jpg' },
      ]),
    );
    expect(r).toMatchObject({ postStatus: 'posted' });
    const posts = postsSaying('Two, lost then found');
    expect(posts).toHaveLength(1);
    expect(posts[0].attachedMedia).toHaveLength(2);
    expect(meta.state.photos.size - uploadsBefore).toBe(2);
    expect(r.postUrl).toBe(posts[0].permalink);
  });

  it('tries again after a passing failure, and fails for good in plain words on a refusal', async () => {
    meta.failNext({ host: 'facebook-graph', method: 'POST', path: '/feed' }, ERRORS.serverError);
    const retried = await settled(await postOne('Second time lucky'));
    expect(retried).toMatchObject({ postStatus: 'posted' });
    expect(postsSaying('Second time lucky')).toHaveLength(1);

    meta.failNext({ host: 'facebook-graph', method: 'POST', path: '/feed' }, { status: 400, code: 1609005, message: 'Error posting link' });
    const refused = await settled(await postOne('A broken link: https://example.com/gone'));
    expect(refused).toMatchObject({
      postStatus: 'error',
      postError: 'Facebook could not read the link in the post. Check the address and post again.',
    });
    expect(postsSaying('A broken link: https://example.com/gone')).toEqual([]);
  });

  it('a revoked token marks the Page Needs reconnecting; its posts wait, and reconnecting releases them', async () => {
    meta.revoke(PERSON);
    const postId = await postOne('Waits for the Page');
    const waiting = await eventually(async () => {
      await t.deps.social.worker.runOnce();
      const [row] = await t.deps.db.select().from(socialAccounts).where(eq(socialAccounts.did, PAGE_ID));
      return row.needsReconnectAt ? row : null;
    });
    expect(waiting.needsReconnectAt).toBeInstanceOf(Date);
    for (let i = 0; i < 3; i++) await t.deps.social.worker.runOnce();
    const held = (await getPost(t, ada, postId)).responses[0];
    expect(held).toMatchObject({ postStatus: 'pending' });
    expect(held.postError).toMatch(/^Facebook no longer accepts the studio's access .*Reconnect the account/);
    expect(postsSaying('Waits for the Page')).toEqual([]);
    const accounts = (await (await t.request('/api/social-media/accounts', { token: ada })).json()) as Array<{
      platform: string;
      needsReconnectAt: string | null;
    }>;
    expect(accounts.find((a) => a.platform === 'facebook')!.needsReconnectAt).not.toBeNull();

    // The artist approves the studio again on Facebook and connects the same Page.
    meta.restore(PERSON);
    expect((await connectFacebook(t, ada)).result).toEqual({ facebook: 'connected', handle: 'ada paints' });
    const r = await settled(postId);
    expect(r).toMatchObject({ postStatus: 'posted' });
    expect(postsSaying('Waits for the Page')).toHaveLength(1);
    const [row] = await t.deps.db.select().from(socialAccounts).where(eq(socialAccounts.did, PAGE_ID));
    expect(row.needsReconnectAt).toBeNull();
  });
});
