import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Pds } from '../support/pds';
import { sharedPds } from '../support/shared-pds';
import { createArtwork } from '../support/portfolio';
import { SOCIAL_TEST_ENV, connectOk, getPost, newPdsAccount, savePost, savePostOk } from '../support/social';
import { createTestApp, signedInUser, type TestApp } from '../support/test-app';
import { dbLabel } from '../support/test-db';

describe(`a post shared from an artwork, and its location (${dbLabel()})`, () => {
  let pds: Pds;
  let t: TestApp;
  let ada: string;
  let bea: string;
  let account: { platform: 'bluesky'; handle: string };
  beforeAll(async () => {
    pds = await sharedPds();
    t = await createTestApp(SOCIAL_TEST_ENV);
    ada = (await signedInUser(t)).idToken;
    bea = (await signedInUser(t)).idToken;
    const alice = await newPdsAccount(pds, 'alice');
    await connectOk(t, ada, alice, pds.url);
    account = { platform: 'bluesky', handle: alice.handle };
  });
  afterAll(async () => {
    await t?.close();
    await pds?.close();
  });

  const draft = (overrides: Record<string, unknown> = {}) => ({ content: 'Blue Harbour', accounts: [account], ...overrides });

  it('records the artist’s own artwork, answers it, and keeps it when an update leaves it out', async () => {
    const artwork = await createArtwork(t, ada);
    const post = await savePostOk(t, ada, draft({ artworkId: artwork.artworkId }));
    expect(post.artworkId).toBe(artwork.artworkId);
    expect((await getPost(t, ada, post.postId)).artworkId).toBe(artwork.artworkId);

    const updated = await savePostOk(t, ada, draft({ postId: post.postId, content: 'Blue Harbour, varnished' }));
    expect(updated.artworkId).toBe(artwork.artworkId);
    const cleared = await savePostOk(t, ada, draft({ postId: post.postId, artworkId: null }));
    expect(cleared.artworkId).toBeNull();
  });

  it("refuses another artist's artwork, and one that does not exist, with a field message; nothing is saved", async () => {
    const beas = await createArtwork(t, bea);
    for (const artworkId of [beas.artworkId, '0d6c5c3e-9f7a-4b1e-8c2d-3e4f5a6b7c8d']) {
      const res = await savePost(t, ada, draft({ content: `not saved ${artworkId}`, artworkId }));
      expect(res.status).toBe(400);
      expect((await res.json()).fieldErrors).toEqual({ artworkId: ['Artwork not found.'] });
    }
    const list = (await (await t.request('/api/social-media/post', { token: ada })).json()) as { content: string }[];
    expect(list.filter((p) => p.content.startsWith('not saved'))).toEqual([]);

    const malformed = await savePost(t, ada, draft({ artworkId: 'not-a-uuid' }));
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).fieldErrors).toEqual({ artworkId: ['Artwork ID must be a valid UUID'] });
  });

  it('a post without an artwork answers null; deleting the artwork leaves the post without one', async () => {
    expect((await savePostOk(t, ada, draft())).artworkId).toBeNull();
    const artwork = await createArtwork(t, ada);
    const post = await savePostOk(t, ada, draft({ artworkId: artwork.artworkId }));
    expect((await t.request(`/api/artwork/${artwork.artworkId}`, { method: 'DELETE', token: ada })).status).toBe(204);
    expect((await getPost(t, ada, post.postId)).artworkId).toBeNull();
  });

  it('keeps the location as given, up to 200 characters, with a message past it', async () => {
    const post = await savePostOk(t, ada, draft({ location: 'Studio 4, Lisbon' }));
    expect((await getPost(t, ada, post.postId)).location).toBe('Studio 4, Lisbon');
    expect((await savePostOk(t, ada, draft({ location: 'x'.repeat(200) }))).location).toHaveLength(200);
    const res = await savePost(t, ada, draft({ location: 'x'.repeat(201) }));
    expect(res.status).toBe(400);
    expect((await res.json()).fieldErrors).toEqual({ location: ['Location must be at most 200 characters'] });
  });
});
