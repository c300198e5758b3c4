import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artworkSchema, type Artwork } from '../../src/schemas/artwork.schema';
import { previewSummary, publishPreviewSchema } from '../../src/schemas/publish.schema';
import { findPublication } from '../../server/publish/publish.service';
import { addMedia, artworkInput, createArtwork, makeJpeg } from '../support/portfolio';
import { createTestApp, signedInUser, type TestApp } from '../support/test-app';
import { dbLabel } from '../support/test-db';

describe(`which works the public site shows, and the publish preview (${dbLabel()})`, () => {
  let t: TestApp;
  let ada: string;
  let works: Record<'pictured' | 'bare' | 'privateOnly' | 'alsoPublic' | 'chosen', Artwork>;
  const collections: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp();
    ada = (await signedInUser(t)).idToken;
    const make = async (title: string, extra: object = {}, picture = true) => {
      const work = await createArtwork(t, ada, artworkInput('PHYSICAL_2D', { title, showOnSite: undefined, ...extra }));
      if (picture) await addMedia(t, ada, work.artworkId, await makeJpeg(80, 60), 'image/jpeg', `${title}.jpg`);
      return work;
    };
    works = {
      pictured: await make('Pictured'),
      bare: await make('Bare', {}, false),
      privateOnly: await make('Private only'),
      alsoPublic: await make('Also public'),
      chosen: await make('Chosen, no picture', { showOnSite: true }, false),
    };
    const collection = async (title: string, visibility: string, artworkIds: string[]) => {
      const res = await t.request('/api/collection', { method: 'POST', token: ada, json: { title, visibility, artworkIds } });
      expect(res.status).toBe(201);
      collections[title] = (await res.json()).collectionId;
    };
    await collection('Sketchbook', 'private', [works.privateOnly.artworkId, works.alsoPublic.artworkId]);
    await collection('Show', 'public', [works.alsoPublic.artworkId]);
  });
  afterAll(() => t.close());

  const read = async (w: Artwork) => artworkSchema.parse(await (await t.request(`/api/artwork/${w.artworkId}`, { token: ada })).json());
  const preview = async () => {
    const res = await t.request('/api/publish/preview', { token: ada });
    expect(res.status).toBe(200);
    return publishPreviewSchema.parse(await res.json());
  };
  const publish = async () => expect((await t.request('/api/publish', { method: 'POST', token: ada })).status).toBe(200);
  const published = async () => {
    const [{ url }] = [await (await t.request('/api/publish', { token: ada })).json()];
    return (await findPublication(t.deps.db, url.split('/p/')[1]))!.snapshot;
  };

  it('shows a work with a picture, keeps one without or only in private collections off, unless the artist chose', async () => {
    expect(await read(works.pictured)).toMatchObject({ showOnSite: true, showOnSiteWhy: 'hasPicture' });
    expect(await read(works.bare)).toMatchObject({ showOnSite: false, showOnSiteWhy: 'noPicture' });
    expect(await read(works.privateOnly)).toMatchObject({ showOnSite: false, showOnSiteWhy: 'onlyPrivateCollections' });
    expect(await read(works.alsoPublic)).toMatchObject({ showOnSite: true, showOnSiteWhy: 'hasPicture' });
    expect(await read(works.chosen)).toMatchObject({ showOnSite: true, showOnSiteWhy: 'chosen' });
    // The list says the same.
    const list = await (await t.request('/api/artwork?pageSize=100', { token: ada })).json();
    expect(Object.fromEntries(list.items.map((a: Artwork) => [a.title, a.showOnSite]))).toEqual({
      Pictured: true,
      Bare: false,
      'Private only': false,
      'Also public': true,
      'Chosen, no picture': true,
    });
  });

  it('before the first publish, everything it would publish is new; publishing shows exactly those works', async () => {
    const first = await preview();
    expect(first).toEqual({
      firstPublish: true,
      works: { added: 3, updated: 0, removed: 0 },
      collections: { added: 1, updated: 0, removed: 0 },
    });
    expect(previewSummary(first)).toBe('3 new works, 1 collection');
    await publish();
    const snapshot = await published();
    expect(snapshot.artworks.map((a) => a.title).sort()).toEqual(['Also public', 'Chosen, no picture', 'Pictured']);
    expect(snapshot.collections.map((c) => [c.title, c.artworkIds])).toEqual([['Show', [works.alsoPublic.artworkId]]]);
    expect(await preview()).toMatchObject({ firstPublish: false, works: { added: 0, updated: 0, removed: 0 } });
    expect(previewSummary(await preview())).toBe('Nothing has changed since you last published.');
  });

  it('counts the works that would be added, changed and taken off, and the collections that change; writes nothing', async () => {
    const put = (w: Artwork, extra: object) =>
      t.request(`/api/artwork/${w.artworkId}`, {
        method: 'PUT',
        token: ada,
        json: artworkInput('PHYSICAL_2D', { title: w.title, ...extra }),
      });
    expect((await put(works.privateOnly, { showOnSite: true })).status).toBe(200);
    expect((await put(works.pictured, { title: 'Pictured, renamed', showOnSite: undefined })).status).toBe(200);
    expect((await put(works.chosen, { showOnSite: false })).status).toBe(200);
    const before = await published();
    const changes = await preview();
    expect(changes).toEqual({
      firstPublish: false,
      works: { added: 1, updated: 1, removed: 1 },
      collections: { added: 0, updated: 0, removed: 0 },
    });
    expect(previewSummary(changes)).toBe('1 new work, 1 updated, 1 removed');
    // Making the sketchbook public adds a collection.
    const res = await t.request(`/api/collection/${collections.Sketchbook}`, {
      method: 'PUT',
      token: ada,
      json: { title: 'Sketchbook', visibility: 'unlisted', artworkIds: [works.privateOnly.artworkId, works.alsoPublic.artworkId] },
    });
    expect(res.status).toBe(200);
    expect(previewSummary(await preview())).toBe('1 new work, 1 updated, 1 removed, 1 collection');
    expect(await published()).toEqual(before);
  });

  it('signed out: 401', async () => {
    expect((await t.request('/api/publish/preview')).status).toBe(401);
  });
});
