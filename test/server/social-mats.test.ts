import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FittedPreview } from '../../src/schemas/image-fit.schema';
import { socialAccounts, socialPostMedia, users } from '../../server/db/schema';
import { jpegOf } from '../support/media-host';
import { SOCIAL_TEST_ENV, addPostMedia, getPost, savePost, savePostOk } from '../support/social';
import { createTestApp, signedInUser, type TestApp } from '../support/test-app';
import { dbLabel } from '../support/test-db';

describe(`mats and the network's version of an image (${dbLabel()})`, () => {
  let t: TestApp;
  let ada: string;
  let bob: string;
  const instagram = { platform: 'instagram' as const, handle: 'ada.paints' };
  beforeAll(async () => {
    t = await createTestApp(SOCIAL_TEST_ENV);
    const signed = await signedInUser(t);
    ada = signed.idToken;
    bob = (await signedInUser(t)).idToken;
    const [user] = await t.deps.db.select({ id: users.id }).from(users).where(eq(users.email, signed.email));
    await t.deps.db.insert(socialAccounts).values({ userId: user.id, ...instagram, authMethod: 'oauth' });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function postWithTwo() {
    const post = await savePostOk(t, ada, { content: 'Two works', accounts: [instagram] });
    const a = await addPostMedia(t, ada, post.postId, await jpegOf(600, 1800), 'image/jpeg', 'scroll.jpg');
    const b = await addPostMedia(t, ada, post.postId, await jpegOf(900, 900), 'image/jpeg', 'square.jpg');
    return { postId: post.postId, a: a.mediaId, b: b.mediaId };
  }
  const fitted = (token: string, body: Record<string, unknown>) =>
    t.request('/api/social-media/fitted-preview', { method: 'POST', token, json: body });

  it('keeps a mat per image: white unless chosen, kept when left out, and refuses one for a file not in the post', async () => {
    const { postId, a, b } = await postWithTwo();
    const base = { postId, content: 'Two works', accounts: [instagram], mediaIds: [a, b] };
    expect((await getPost(t, ada, postId)).mats).toEqual({ [a]: 'white', [b]: 'white' });
    expect((await savePostOk(t, ada, { ...base, mats: { [a]: 'black' } })).mats).toEqual({ [a]: 'black', [b]: 'white' });
    expect((await savePostOk(t, ada, base)).mats).toEqual({ [a]: 'black', [b]: 'white' });
    expect((await savePostOk(t, ada, { ...base, mats: { [b]: 'edge' } })).mats).toEqual({ [a]: 'white', [b]: 'edge' });
    const stranger = crypto.randomUUID();
    const res = await savePost(t, ada, { ...base, mats: { [a]: 'black', [stranger]: 'black' } });
    expect(res.status).toBe(400);
    const { fieldErrors } = (await res.json()) as { fieldErrors: Record<string, string[]> };
    expect(fieldErrors.mats).toEqual([`A mat was given for ${stranger}, which is not a file of this post.`]);
    expect((await getPost(t, ada, postId)).mats).toEqual({ [a]: 'white', [b]: 'edge' });
  });

  it('answers the JPEG Instagram gets: the tall work whole on a black mat at 4:5, at a short-lived address; made once', async () => {
    const { a } = await postWithTwo();
    const res = await fitted(ada, { mediaId: a, network: 'instagram', mat: 'black' });
    expect(res.status).toBe(200);
    const preview = (await res.json()) as FittedPreview;
    expect(preview).toMatchObject({ matColour: '#000000', matted: true });
    expect(preview.width / preview.height).toBeCloseTo(4 / 5, 2);
    // The whole height is the work's; the mat is at its sides, the work in the middle.
    expect(preview.work).toMatchObject({ top: 0, height: preview.height });
    expect(preview.work.width).toBeCloseTo(preview.height / 3, -1);
    expect(preview.work.left).toBeCloseTo((preview.width - preview.work.width) / 2, -1);
    const url = new URL(preview.url);
    expect(url.pathname).toMatch(/^\/m\/[\w-]{40,}$/);
    const image = await t.request(url.pathname);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
    const bytes = Buffer.from(await image.arrayBuffer());
    const { width, height } = await sharp(bytes).metadata();
    expect({ width, height }).toEqual({ width: preview.width, height: preview.height });
    const corner = await sharp(bytes).extract({ left: 0, top: 0, width: 1, height: 1 }).raw().toBuffer();
    expect([...corner].every((v) => v < 16)).toBe(true);

    // Asked again with the original gone: the stored fit answers, nothing is fitted twice.
    const [row] = await t.deps.db.select().from(socialPostMedia).where(eq(socialPostMedia.id, a));
    await t.deps.storage.delete(row.storageKey);
    const again = await fitted(ada, { mediaId: a, network: 'instagram', mat: 'black' });
    expect(again.status).toBe(200);
    const { url: _url, ...facts } = (await again.json()) as FittedPreview;
    const { url: _first, ...firstFacts } = preview;
    expect(facts).toEqual(firstFacts);
    // Another mat is another fit, and this one needs the original. (White, the default, was fitted when the file
    // arrived for a post to Instagram: it is answered from storage too.)
    expect((await fitted(ada, { mediaId: a, network: 'instagram', mat: 'edge' })).status).toBe(404);
    expect((await fitted(ada, { mediaId: a, network: 'instagram', mat: 'white' })).status).toBe(200);
  });

  it("answers a work inside Instagram's ratios without a mat", async () => {
    const { b } = await postWithTwo();
    const preview = (await (await fitted(ada, { mediaId: b, network: 'instagram' })).json()) as FittedPreview;
    expect(preview).toMatchObject({ matted: false, width: 900, height: 900, matColour: '#ffffff' });
    expect(preview.work).toEqual({ left: 0, top: 0, width: 900, height: 900 });
  });

  it("refuses another artist's file as one that does not exist, and bad input with field messages", async () => {
    const { a } = await postWithTwo();
    expect((await fitted(bob, { mediaId: a, network: 'instagram' })).status).toBe(404);
    expect((await fitted(ada, { mediaId: crypto.randomUUID(), network: 'instagram' })).status).toBe(404);
    const res = await fitted(ada, { mediaId: 'scroll', network: 'facebook', mat: 'red' });
    expect(res.status).toBe(400);
    const { fieldErrors } = (await res.json()) as { fieldErrors: Record<string, string[]> };
    expect(fieldErrors).toEqual({
      mediaId: ['Media ID must be a valid UUID'],
      network: ['Only Instagram fits images'],
      mat: ['Choose a mat: white, black or edge'],
    });
    expect((await fitted(ada, {})).status).toBe(400);
    expect(
      (await t.request('/api/social-media/fitted-preview', { method: 'POST', json: { mediaId: a, network: 'instagram' } })).status,
    ).toBe(401);
  });
});
