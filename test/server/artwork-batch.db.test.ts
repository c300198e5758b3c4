import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artworkSchema, type Artwork } from '../../src/schemas/artwork.schema';
import { batchResultSchema } from '../../src/schemas/artwork-batch.schema';
import { collectionSchema, type Collection } from '../../src/schemas/collection.schema';
import { inventorySchema } from '../../src/schemas/inventory.schema';
import { journalPageSchema } from '../../src/schemas/journal.schema';
import { mediaListSchema } from '../../src/schemas/media.schema';
import { sweepStorage } from '../../server/storage-sweep/storage-sweep';
import { addMedia, artworkInput, createArtwork, makeJpeg, pathOf, storedFiles } from '../support/portfolio';
import { createTestApp, signedInUser, type TestApp } from '../support/test-app';
import { dbLabel } from '../support/test-db';

describe(`bulk actions on artworks, and their undo (${dbLabel()})`, () => {
  let t: TestApp;
  let ada: string;
  let bob: string;
  beforeAll(async () => {
    t = await createTestApp();
    [ada, bob] = [(await signedInUser(t)).idToken, (await signedInUser(t)).idToken];
  });
  afterAll(() => t.close());

  const batch = (json: unknown, token = ada) => t.request('/api/artwork/batch', { method: 'POST', json, token });
  const undo = (batchId: string, token = ada) => t.request(`/api/artwork/batch/${batchId}/undo`, { method: 'POST', token });
  const read = async (id: string, token = ada) => {
    const res = await t.request(`/api/artwork/${id}`, { token });
    return res.status === 200 ? artworkSchema.parse(await res.json()) : res.status;
  };
  const make = (title: string, extra = {}) =>
    createArtwork(t, ada, artworkInput('PHYSICAL_2D', { title, showOnSite: undefined, ...extra }));
  const journal = async () =>
    journalPageSchema.parse(await (await t.request('/api/journal?limit=100&includeDismissed=true', { token: ada })).json()).items;
  const applied = async (json: unknown) => {
    const res = await batch(json);
    expect(res.status, await res.clone().text()).toBe(200);
    return batchResultSchema.parse(await res.json());
  };
  const collection = async (json: unknown): Promise<Collection> => {
    const res = await t.request('/api/collection', { method: 'POST', json, token: ada });
    expect(res.status).toBe(201);
    return collectionSchema.parse(await res.json());
  };
  const readCollection = async (id: string) =>
    collectionSchema.parse(await (await t.request(`/api/collection/${id}`, { token: ada })).json());

  it('sets the sale status of many through their pieces (journalled one by one), leaves a sold work sold, and undo puts each back', async () => {
    const works = [await make('Sold One', { saleStatus: 'SOLD' }), await make('Free One', { saleStatus: 'AVAILABLE' }), await make('Kept')];
    const pieces = async (id: string) =>
      inventorySchema.parse(await (await t.request(`/api/artwork/${id}/inventory`, { token: ada })).json());
    const before = await journal();
    const result = await applied({ action: 'saleStatus', saleStatus: 'NOT_FOR_SALE', artworkIds: works.map((w) => w.artworkId) });
    expect(result).toMatchObject({ action: 'saleStatus', count: 2 });
    expect(new Date(result.undoUntil).getTime() - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(await read(works[0].artworkId)).toMatchObject({ saleStatus: 'SOLD' });
    for (const w of works.slice(1)) expect(await read(w.artworkId)).toMatchObject({ saleStatus: 'NOT_FOR_SALE' });
    // The piece itself is marked, so the artwork's status is its pieces' as everywhere else.
    expect((await pieces(works[1].artworkId)).pieces.map((p) => p.sale)).toEqual(['notForSale']);
    // One entry per artwork changed, as two saves would write.
    const after = await journal();
    expect(
      after
        .slice(0, after.length - before.length)
        .filter((e) => e.journalEntryType === 'artwork.updated')
        .map((e) => [e.message, e.metadata.changedFields])
        .sort(),
    ).toEqual([
      ["Artwork 'Free One' was updated", ['saleStatus']],
      ["Artwork 'Kept' was updated", ['saleStatus']],
    ]);

    const undone = await undo(result.batchId);
    expect(undone.status).toBe(200);
    expect(await undone.json()).toEqual({ batchId: result.batchId, count: 2 });
    expect(await read(works[0].artworkId)).toMatchObject({ saleStatus: 'SOLD' });
    expect(await read(works[1].artworkId)).toMatchObject({ saleStatus: 'AVAILABLE' });
    expect(await read(works[2].artworkId)).toMatchObject({ saleStatus: 'AVAILABLE' });
    expect((await pieces(works[1].artworkId)).pieces.map((p) => p.sale)).toEqual(['available']);
    // Undone once: not twice.
    expect((await undo(result.batchId)).status).toBe(409);
  });

  it('a deleted sold work comes back with its piece and its sale', async () => {
    const work = await make('Sold Away', { saleStatus: 'SOLD' });
    const inventory = async () => (await t.request(`/api/artwork/${work.artworkId}/inventory`, { token: ada })).json();
    const whole = await inventory();
    const result = await applied({ action: 'delete', artworkIds: [work.artworkId] });
    expect(await read(work.artworkId)).toBe(404);
    expect((await undo(result.batchId)).status).toBe(200);
    expect(await read(work.artworkId)).toMatchObject({ saleStatus: 'SOLD' });
    expect(await inventory()).toEqual(whole);
  });

  it('hides works from the site; undo gives back the choice as it was, none made included', async () => {
    const shown = await make('Shown', { showOnSite: true });
    const open = await make('No choice');
    const result = await applied({ action: 'showOnSite', showOnSite: false, artworkIds: [shown.artworkId, open.artworkId] });
    expect(await read(shown.artworkId)).toMatchObject({ showOnSite: false, showOnSiteWhy: 'chosen' });
    expect(await read(open.artworkId)).toMatchObject({ showOnSite: false, showOnSiteWhy: 'chosen' });
    expect((await undo(result.batchId)).status).toBe(200);
    expect(await read(shown.artworkId)).toMatchObject({ showOnSite: true, showOnSiteWhy: 'chosen' });
    expect(await read(open.artworkId)).toMatchObject({ showOnSite: false, showOnSiteWhy: 'noPicture' });
  });

  it('adds works to the end of a collection in the order given, skipping those in it; undo takes out only those added', async () => {
    const [a, b, c] = [await make('A'), await make('B'), await make('C')];
    const summer = await collection({ title: 'Summer', visibility: 'public', artworkIds: [b.artworkId] });
    const result = await applied({
      action: 'addToCollection',
      collectionId: summer.collectionId,
      artworkIds: [c.artworkId, b.artworkId, a.artworkId],
    });
    expect(result.count).toBe(3);
    expect((await readCollection(summer.collectionId)).artworkIds).toEqual([b.artworkId, c.artworkId, a.artworkId]);
    const [entry] = (await journal()).filter((e) => e.metadata.collectionId === summer.collectionId);
    expect([entry.message, entry.metadata.changedFields]).toEqual(['Collection updated: Summer', ['artworkIds']]);
    expect((await undo(result.batchId)).status).toBe(200);
    expect((await readCollection(summer.collectionId)).artworkIds).toEqual([b.artworkId]);
  });

  it('deletes works with their media; undo restores them exactly, files, collections, cover and all', async () => {
    const work = await make('Harbour');
    const media = await addMedia(t, ada, work.artworkId, await makeJpeg(300, 200), 'image/jpeg', 'harbour.jpg');
    const other = await make('Other');
    const group = await collection({
      title: 'Sea',
      visibility: 'public',
      artworkIds: [other.artworkId, work.artworkId],
      coverArtworkId: work.artworkId,
    });
    const whole = await read(work.artworkId);
    const files = await storedFiles(t);
    const result = await applied({ action: 'delete', artworkIds: [work.artworkId] });
    expect(await read(work.artworkId)).toBe(404);
    const without = await readCollection(group.collectionId);
    expect([without.artworkIds, without.coverArtworkId]).toEqual([[other.artworkId], null]);
    // The files wait for the undo, even past the sweeper's grace.
    await sweepStorage(t.deps, new Date(Date.now() + 60_000));
    expect(await storedFiles(t)).toEqual(files);

    expect((await undo(result.batchId)).status).toBe(200);
    const back = await read(work.artworkId);
    const stable = (a: Artwork | number) =>
      typeof a === 'number' ? a : { ...a, primaryImageUrl: a.primaryImageUrl?.split('?')[0], primaryImageUncroppedUrl: null };
    expect(stable(back)).toEqual(stable(whole));
    const list = mediaListSchema.parse(await (await t.request(`/api/artwork/${work.artworkId}/media`, { token: ada })).json());
    expect(list.items.map((m) => [m.mediaId, m.fileName, m.isPrimary])).toEqual([[media.mediaId, 'harbour.jpg', true]]);
    expect((await t.request(pathOf(list.items[0].urls.large!))).status).toBe(200);
    const restored = await readCollection(group.collectionId);
    expect([restored.artworkIds, restored.coverArtworkId]).toEqual([[other.artworkId, work.artworkId], work.artworkId]);
    const sea = (await journal()).filter((e) => e.metadata.collectionId === group.collectionId).slice(0, 2);
    expect(sea.map((e) => e.metadata.changedFields)).toEqual([
      ['artworkIds', 'coverArtworkId'],
      ['artworkIds', 'coverArtworkId'],
    ]);
  });

  it('a delete too old to undo answers 410, and then the sweeper removes its files', async () => {
    const work = await make('Old');
    await addMedia(t, ada, work.artworkId, await makeJpeg(120, 80), 'image/jpeg', 'old.jpg');
    const files = await storedFiles(t);
    const mine = files.filter((f) => f.includes(work.artworkId));
    expect(mine.length).toBeGreaterThan(1);
    const result = await applied({ action: 'delete', artworkIds: [work.artworkId] });
    await t.deps.db.execute(sql`update artwork_batches set created_at = now() - interval '11 minutes' where id = ${result.batchId}`);
    const late = await undo(result.batchId);
    expect([late.status, (await late.json()).message]).toEqual([410, 'This change can no longer be undone.']);
    await sweepStorage(t.deps, new Date(Date.now() + 60_000));
    expect((await storedFiles(t)).filter((f) => f.includes(work.artworkId))).toEqual([]);
    expect((await undo(result.batchId)).status).toBe(404);
  });

  it("another artist's artwork among them: 404 and nothing changes", async () => {
    const mine = await make('Mine', { saleStatus: 'AVAILABLE' });
    const theirs = await createArtwork(t, bob, artworkInput('PHYSICAL_2D', { title: 'Theirs', showOnSite: undefined }));
    for (const json of [
      { action: 'saleStatus', saleStatus: 'NOT_FOR_SALE', artworkIds: [mine.artworkId, theirs.artworkId] },
      { action: 'delete', artworkIds: [mine.artworkId, theirs.artworkId] },
      { action: 'showOnSite', showOnSite: false, artworkIds: [theirs.artworkId] },
    ]) {
      const res = await batch(json);
      expect([res.status, (await res.json()).message]).toEqual([404, 'Artwork not found.']);
    }
    expect(await read(mine.artworkId)).toMatchObject({ saleStatus: 'AVAILABLE', showOnSiteWhy: 'noPicture' });
    expect(await read(theirs.artworkId, bob)).toMatchObject({ title: 'Theirs', showOnSiteWhy: 'noPicture' });
    const theirCollection = collectionSchema.parse(
      await (await t.request('/api/collection', { method: 'POST', json: { title: 'Bob', visibility: 'public' }, token: bob })).json(),
    );
    const res = await batch({ action: 'addToCollection', collectionId: theirCollection.collectionId, artworkIds: [mine.artworkId] });
    expect(res.status).toBe(404);
    const bobs = collectionSchema.parse(await (await t.request(`/api/collection/${theirCollection.collectionId}`, { token: bob })).json());
    expect(bobs.artworkIds).toEqual([]);
  });

  it("another artist's batch cannot be undone by them: 404", async () => {
    const work = await make('Private');
    const result = await applied({ action: 'saleStatus', saleStatus: 'NOT_FOR_SALE', artworkIds: [work.artworkId] });
    expect((await undo(result.batchId, bob)).status).toBe(404);
    expect(await read(work.artworkId)).toMatchObject({ saleStatus: 'NOT_FOR_SALE' });
  });

  it.each([
    ['no artworks', { action: 'delete', artworkIds: [] }, 'artworkIds', 'Choose at least one artwork'],
    ['an id that is not one', { action: 'delete', artworkIds: ['x'] }, 'artworkIds.0', 'Artwork ID must be a valid UUID'],
    [
      'too many',
      { action: 'delete', artworkIds: Array.from({ length: 501 }, () => crypto.randomUUID()) },
      'artworkIds',
      'At most 500 artworks at once',
    ],
    [
      'an unknown action',
      { action: 'paint', artworkIds: [crypto.randomUUID()] },
      'action',
      'Action must be delete, saleStatus, showOnSite or addToCollection',
    ],
    [
      'a status that is none',
      { action: 'saleStatus', saleStatus: 'GONE', artworkIds: [crypto.randomUUID()] },
      'saleStatus',
      'Sale status must be AVAILABLE or NOT_FOR_SALE',
    ],
    [
      'sold, which only a recorded sale makes',
      { action: 'saleStatus', saleStatus: 'SOLD', artworkIds: [crypto.randomUUID()] },
      'saleStatus',
      'Sale status must be AVAILABLE or NOT_FOR_SALE',
    ],
    [
      'no collection',
      { action: 'addToCollection', artworkIds: [crypto.randomUUID()] },
      'collectionId',
      'Collection ID must be a valid UUID',
    ],
  ])('%s: 400 with its message', async (_name, json, field, message) => {
    const res = await batch(json);
    expect(res.status).toBe(400);
    expect((await res.json()).fieldErrors[field]).toEqual([message]);
  });

  it('signed out: 401; a batch id that is not one: 400', async () => {
    expect(
      (await t.request('/api/artwork/batch', { method: 'POST', json: { action: 'delete', artworkIds: [crypto.randomUUID()] } })).status,
    ).toBe(401);
    expect((await undo('nope')).status).toBe(400);
  });
});
