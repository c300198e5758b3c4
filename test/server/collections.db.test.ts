import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Artwork } from '../../src/schemas/artwork.schema';
import { collectionListSchema, collectionSchema, type Collection, type CollectionInput } from '../../src/schemas/collection.schema';
import { journalPageSchema } from '../../src/schemas/journal.schema';
import { addMedia, artworkInput, createArtwork, makeJpeg } from '../support/portfolio';
import { createTestApp, signedInUser, type TestApp } from '../support/test-app';
import { dbLabel } from '../support/test-db';

describe(`collections API (${dbLabel()})`, () => {
  let t: TestApp;
  let ada: string;
  let bob: string;
  let works: Artwork[];
  beforeAll(async () => {
    t = await createTestApp();
    [ada, bob] = [(await signedInUser(t)).idToken, (await signedInUser(t)).idToken];
    works = [];
    for (const [title, year] of [
      ['Birch', 2019],
      ['Alder', 2021],
      ['Cedar', 2020],
    ] as const) {
      works.push(await createArtwork(t, ada, artworkInput('PHYSICAL_2D', { title, year })));
    }
  });
  afterAll(() => t.close());

  const ids = () => works.map((w) => w.artworkId);
  const input = (extra: Partial<CollectionInput> = {}): CollectionInput => ({ title: 'Summer studies', visibility: 'public', ...extra });
  const post = (body: unknown, token = ada) => t.request('/api/collection', { method: 'POST', json: body, token });
  const put = (id: string, body: unknown, token = ada) => t.request(`/api/collection/${id}`, { method: 'PUT', json: body, token });
  const create = async (extra: Partial<CollectionInput> = {}): Promise<Collection> => {
    const res = await post(input(extra));
    expect(res.status, await res.clone().text()).toBe(201);
    return collectionSchema.parse(await res.json());
  };
  const journal = async (token = ada) => {
    const res = await t.request('/api/journal?limit=100', { token });
    return journalPageSchema.parse(await res.json()).items;
  };
  const entriesOf = async (collectionId: string) => (await journal()).filter((e) => e.metadata.collectionId === collectionId);

  it('creates a collection (201) with its artworks in the given order, reads it back and lists it', async () => {
    const order = [ids()[2], ids()[0], ids()[1]];
    const made = await create({ artworkIds: order, tags: ['plein air'], description: 'Early mornings.' });
    expect(made).toMatchObject({
      title: 'Summer studies',
      description: 'Early mornings.',
      visibility: 'public',
      coverArtworkId: null,
      artworkIds: order,
      tags: ['plein air'],
      sortField: null,
      sortDirection: null,
    });
    expect(made.artworks.map((a) => a.title)).toEqual(['Cedar', 'Birch', 'Alder']);
    const read = await t.request(`/api/collection/${made.collectionId}`, { token: ada });
    expect(read.status).toBe(200);
    expect(await read.json()).toEqual(made);

    const list = collectionListSchema.parse(await (await t.request('/api/collection', { token: ada })).json());
    expect(list.items[0]).toMatchObject({ collectionId: made.collectionId, title: 'Summer studies', artworkCount: 3, coverImageUrl: null });
    expect((await entriesOf(made.collectionId))[0]).toMatchObject({
      message: 'New collection: Summer studies',
      journalEntryType: 'collection.new',
      metadata: { collectionId: made.collectionId },
    });
  });

  it('replaces every field; the journal names exactly the fields that changed', async () => {
    const made = await create({ artworkIds: ids() });
    const res = await put(made.collectionId, {
      ...input(),
      visibility: 'unlisted',
      artworkIds: [ids()[1], ids()[0]],
      coverArtworkId: ids()[0],
      sortField: 'title',
      sortDirection: 'desc',
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const saved = collectionSchema.parse(await res.json());
    expect(saved).toMatchObject({ visibility: 'unlisted', artworkIds: [ids()[1], ids()[0]], coverArtworkId: ids()[0], sortField: 'title' });
    expect(saved.sortDirection).toBe('desc');
    const [entry] = await entriesOf(made.collectionId);
    expect(entry).toMatchObject({
      message: 'Collection updated: Summer studies',
      journalEntryType: 'collection.updated',
      metadata: {
        collectionId: made.collectionId,
        changedFields: ['visibility', 'artworkIds', 'coverArtworkId', 'sortField', 'sortDirection'],
      },
    });

    // The same input again changes nothing and writes nothing.
    await put(made.collectionId, {
      ...input(),
      visibility: 'unlisted',
      artworkIds: [ids()[1], ids()[0]],
      coverArtworkId: ids()[0],
      sortField: 'title',
      sortDirection: 'desc',
    });
    expect(await entriesOf(made.collectionId)).toHaveLength(2);

    // Back to the manual order: the direction goes with the sort.
    const manual = collectionSchema.parse(
      await (await put(made.collectionId, { ...input(), sortField: null, sortDirection: 'desc' })).json(),
    );
    expect(manual).toMatchObject({ sortField: null, sortDirection: null, artworkIds: [] });
  });

  it('deletes a collection (204), its artworks stay, the journal records it', async () => {
    const made = await create({ title: 'Winter', artworkIds: ids() });
    const res = await t.request(`/api/collection/${made.collectionId}`, { method: 'DELETE', token: ada });
    expect(res.status).toBe(204);
    expect((await t.request(`/api/collection/${made.collectionId}`, { token: ada })).status).toBe(404);
    expect((await t.request(`/api/artwork/${ids()[0]}`, { token: ada })).status).toBe(200);
    expect((await entriesOf(made.collectionId))[0]).toMatchObject({
      message: 'Collection deleted: Winter',
      journalEntryType: 'collection.deleted',
    });
  });

  describe("another artist's collection is not there (404), and their artworks cannot be added (400)", () => {
    it('read, replace and delete answer 404 and change nothing', async () => {
      const made = await create({ artworkIds: ids() });
      expect((await t.request(`/api/collection/${made.collectionId}`, { token: bob })).status).toBe(404);
      expect((await put(made.collectionId, input({ title: 'Mine now' }), bob)).status).toBe(404);
      expect((await t.request(`/api/collection/${made.collectionId}`, { method: 'DELETE', token: bob })).status).toBe(404);
      const bobs = collectionListSchema.parse(await (await t.request('/api/collection', { token: bob })).json());
      expect(bobs.items).toEqual([]);
      const still = collectionSchema.parse(await (await t.request(`/api/collection/${made.collectionId}`, { token: ada })).json());
      expect(still.title).toBe('Summer studies');
      expect(await journal(bob)).toEqual([]);
    });

    it("an artwork of someone else's, or none at all, is refused by its position", async () => {
      const res = await post(input({ title: 'Borrowed', artworkIds: [ids()[0], crypto.randomUUID()] }), bob);
      expect(res.status).toBe(400);
      expect((await res.json()).fieldErrors).toEqual({
        'artworkIds.0': ['Each artwork must be one of your artworks'],
        'artworkIds.1': ['Each artwork must be one of your artworks'],
      });
      expect(collectionListSchema.parse(await (await t.request('/api/collection', { token: bob })).json()).items).toEqual([]);
    });
  });

  it.each([
    [{ title: '  ' }, 'title', 'Title is required'],
    [{ title: 'x'.repeat(256) }, 'title', 'Title must be at most 255 characters'],
    [{ description: 'x'.repeat(5001) }, 'description', 'Description must be at most 5000 characters'],
    [{ visibility: 'friends' }, 'visibility', 'Visibility must be "public", "private", or "unlisted"'],
    [{ coverArtworkId: 'nope' }, 'coverArtworkId', 'Cover artwork ID must be a valid UUID'],
    [{ artworkIds: ['nope'] }, 'artworkIds.0', 'Each artwork ID must be a valid UUID'],
    [{ tags: ['x'.repeat(51)] }, 'tags.0', 'Each tag must be at most 50 characters'],
    [{ sortField: 'x'.repeat(51) }, 'sortField', 'Sort field must be at most 50 characters'],
    [{ sortField: 'price' }, 'sortField', 'Sort field must be one of createdAt, updatedAt, title, year, medium, saleStatus'],
    [{ sortField: 'title', sortDirection: 'up' }, 'sortDirection', 'Sort direction must be "asc" or "desc"'],
  ])('bad input %j answers 400 naming %s', async (extra, field, message) => {
    const res = await post({ ...input(), ...extra });
    expect(res.status).toBe(400);
    expect((await res.json()).fieldErrors).toEqual({ [field]: [message] });
  });

  it('the cover must be one of its artworks; each artwork comes once', async () => {
    const res = await post(input({ artworkIds: [ids()[0], ids()[0]], coverArtworkId: ids()[1] }));
    expect(res.status).toBe(400);
    expect((await res.json()).fieldErrors).toEqual({
      'artworkIds.1': ['Each artwork can be in a collection once'],
      coverArtworkId: ["The cover must be one of the collection's artworks"],
    });
  });

  it('a collection id that is not a UUID answers 400, an unknown one 404', async () => {
    const bad = await t.request('/api/collection/nope', { token: ada });
    expect(bad.status).toBe(400);
    expect((await bad.json()).fieldErrors).toEqual({ id: ['Collection ID must be a valid UUID'] });
    expect((await t.request(`/api/collection/${crypto.randomUUID()}`, { token: ada })).status).toBe(404);
  });

  it('deleting an artwork takes it out of its collections; the cover falls back to the first picture; the journal says so', async () => {
    const [a, b, c] = await Promise.all(
      ['Pond', 'Reeds', 'Heron'].map((title) => createArtwork(t, ada, artworkInput('PHYSICAL_2D', { title }))),
    );
    const [withA, withB] = await Promise.all([
      addMedia(t, ada, a.artworkId, await makeJpeg(64, 48), 'image/jpeg'),
      addMedia(t, ada, b.artworkId, await makeJpeg(64, 48), 'image/jpeg'),
    ]);
    const made = await create({ title: 'Wetlands', artworkIds: [c.artworkId, a.artworkId, b.artworkId], coverArtworkId: a.artworkId });
    const coverOf = async () =>
      collectionListSchema
        .parse(await (await t.request('/api/collection', { token: ada })).json())
        .items.find((i) => i.collectionId === made.collectionId)!.coverImageUrl;
    expect(await coverOf()).toContain(withA.mediaId);

    expect((await t.request(`/api/artwork/${a.artworkId}`, { method: 'DELETE', token: ada })).status).toBe(204);
    const after = collectionSchema.parse(await (await t.request(`/api/collection/${made.collectionId}`, { token: ada })).json());
    expect(after).toMatchObject({ artworkIds: [c.artworkId, b.artworkId], coverArtworkId: null });
    // Heron has no picture: the first artwork that has one stands in.
    expect(await coverOf()).toContain(withB.mediaId);
    const [entry] = await entriesOf(made.collectionId);
    expect(entry).toMatchObject({
      message: 'Collection updated: Wetlands',
      journalEntryType: 'collection.updated',
      mediaId: withB.mediaId,
      metadata: { collectionId: made.collectionId, changedFields: ['artworkIds', 'coverArtworkId'] },
    });

    // Deleting one that is not the cover names the artworks only.
    expect((await t.request(`/api/artwork/${c.artworkId}`, { method: 'DELETE', token: ada })).status).toBe(204);
    expect((await entriesOf(made.collectionId))[0].metadata.changedFields).toEqual(['artworkIds']);
  });
});
