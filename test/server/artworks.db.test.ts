import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Artwork, ArtworkPage } from '../../src/schemas/artwork.schema';
import { artworkPageSchema, artworkSchema } from '../../src/schemas/artwork.schema';
import { artworks } from '../../server/db/schema';
import { artworkInput, createArtwork } from '../support/portfolio';
import { createTestApp, signedInUser, type TestApp } from '../support/test-app';
import { dbLabel } from '../support/test-db';

describe(`artworks API (${dbLabel()})`, () => {
  let t: TestApp;
  let ada: Awaited<ReturnType<typeof signedInUser>>;
  let bob: Awaited<ReturnType<typeof signedInUser>>;
  beforeAll(async () => {
    t = await createTestApp();
    [ada, bob] = [await signedInUser(t), await signedInUser(t)];
  });
  afterAll(() => t.close());

  const list = async (query: string, token = ada.idToken) => {
    const res = await t.request(`/api/artwork${query}`, { token });
    expect(res.status, await res.clone().text()).toBe(200);
    return artworkPageSchema.parse(await res.json()) as ArtworkPage;
  };

  it('creates an artwork (201) and reads it back, as the contract describes it', async () => {
    const input = artworkInput('PHYSICAL_3D', { title: '  Stone Bird  ', tags: ['bronze', 'bird'] });
    const res = await t.request('/api/artwork', { method: 'POST', json: input, token: ada.idToken });
    expect(res.status).toBe(201);
    const created = artworkSchema.parse(await res.json());
    expect(created).toMatchObject({
      title: 'Stone Bird',
      year: 2021,
      medium: 'Oil on canvas',
      tags: ['bronze', 'bird'],
      saleStatus: 'AVAILABLE',
      mediaType: 'PHYSICAL_3D',
      dimensions: { mediaType: 'PHYSICAL_3D', measurementSystem: 'imperial', height: 12, width: 8, depth: 4.5 },
      primaryImageMediaId: null,
      primaryImageUrl: null,
      primaryImageUncroppedUrl: null,
    });
    const read = await t.request(`/api/artwork/${created.artworkId}`, { token: ada.idToken });
    expect(read.status).toBe(200);
    expect(await read.json()).toEqual(created);
  });

  it('fills the optional fields with their defaults; null year stays null', async () => {
    const created = await createArtwork(t, ada.idToken, {
      title: '',
      saleStatus: 'NOT_FOR_SALE',
      mediaType: 'AUDIO',
      dimensions: { mediaType: 'AUDIO', durationInSeconds: 60 },
      year: null,
    });
    expect(created).toMatchObject({
      title: '',
      year: null,
      medium: '',
      description: '',
      tags: [],
      dimensions: { mediaType: 'AUDIO', durationInSeconds: 60 },
    });
    expect(Object.keys(created.dimensions).sort()).toEqual(['durationInSeconds', 'mediaType']);
  });

  it('PUT replaces every field', async () => {
    const created = await createArtwork(t, ada.idToken);
    const replacement = artworkInput('DIGITAL_2D', {
      title: 'Night Harbour',
      year: 2000,
      medium: 'Pixels',
      description: '',
      tags: [],
      saleStatus: 'NOT_FOR_SALE',
    });
    const res = await t.request(`/api/artwork/${created.artworkId}`, { method: 'PUT', json: replacement, token: ada.idToken });
    expect(res.status).toBe(200);
    const updated = (await res.json()) as Artwork;
    expect(updated).toMatchObject({
      artworkId: created.artworkId,
      title: 'Night Harbour',
      year: 2000,
      medium: 'Pixels',
      description: '',
      tags: [],
      saleStatus: 'NOT_FOR_SALE',
      mediaType: 'DIGITAL_2D',
      dimensions: { mediaType: 'DIGITAL_2D', height: 1080, width: 1920 },
      createdAt: created.createdAt,
    });
    expect(updated.dimensions).not.toHaveProperty('measurementSystem');
    expect(new Date(updated.updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(created.updatedAt).getTime());
    // Omitted optional fields are replaced by their defaults, not kept.
    const bare = await t.request(`/api/artwork/${created.artworkId}`, {
      method: 'PUT',
      token: ada.idToken,
      json: {
        title: 'Bare',
        saleStatus: 'NOT_FOR_SALE',
        mediaType: 'DIGITAL_2D',
        dimensions: { mediaType: 'DIGITAL_2D', height: 1, width: 1 },
      },
    });
    expect(await bare.json()).toMatchObject({ title: 'Bare', year: null, medium: '', description: '', tags: [] });
  });

  it('DELETE removes it (204), then it is 404', async () => {
    const created = await createArtwork(t, ada.idToken);
    const del = await t.request(`/api/artwork/${created.artworkId}`, { method: 'DELETE', token: ada.idToken });
    expect(del.status).toBe(204);
    expect((await t.request(`/api/artwork/${created.artworkId}`, { token: ada.idToken })).status).toBe(404);
    expect((await t.request(`/api/artwork/${created.artworkId}`, { method: 'DELETE', token: ada.idToken })).status).toBe(404);
  });

  it("another user's artwork answers 404 to every call and is left untouched", async () => {
    const mine = await createArtwork(t, ada.idToken);
    const id = mine.artworkId;
    for (const [method, json] of [['GET'], ['PUT', artworkInput('PHYSICAL_2D', { title: 'Stolen' })], ['DELETE']] as const) {
      const res = await t.request(`/api/artwork/${id}`, { method, json, token: bob.idToken });
      expect(res.status, method).toBe(404);
      expect(await res.json()).toEqual({ message: 'Artwork not found.' });
    }
    expect((await list('?pageSize=100', bob.idToken)).items.map((a) => a.artworkId)).not.toContain(id);
    const still = await t.request(`/api/artwork/${id}`, { token: ada.idToken });
    expect(await still.json()).toMatchObject({ title: 'Blue Harbour' });
  });

  it.each(['not-a-uuid', '123', '00000000-0000-0000-0000-00000000000g'])(
    "an id that is not a UUID (%s) answers 400 'Artwork ID must be a valid UUID'",
    async (id) => {
      for (const method of ['GET', 'PUT', 'DELETE']) {
        const res = await t.request(`/api/artwork/${id}`, {
          method,
          token: ada.idToken,
          json: method === 'PUT' ? artworkInput() : undefined,
        });
        expect(res.status).toBe(400);
        expect((await res.json()).fieldErrors).toEqual({ id: ['Artwork ID must be a valid UUID'] });
      }
    },
  );

  it('an unknown UUID answers 404', async () => {
    const res = await t.request(`/api/artwork/${crypto.randomUUID()}`, { token: ada.idToken });
    expect(res.status).toBe(404);
  });

  it('every route needs a signed-in user (401)', async () => {
    const id = crypto.randomUUID();
    for (const [method, path] of [
      ['GET', '/api/artwork'],
      ['POST', '/api/artwork'],
      ['GET', `/api/artwork/${id}`],
      ['PUT', `/api/artwork/${id}`],
      ['DELETE', `/api/artwork/${id}`],
    ]) {
      const res = await t.request(path, { method, json: method === 'POST' || method === 'PUT' ? artworkInput() : undefined });
      expect(res.status, `${method} ${path}`).toBe(401);
    }
  });

  it('a body that is not JSON answers 415, broken JSON 400', async () => {
    const wrongType = await t.request('/api/artwork', {
      method: 'POST',
      token: ada.idToken,
      body: 'title=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(wrongType.status).toBe(415);
    const broken = await t.request('/api/artwork', {
      method: 'POST',
      token: ada.idToken,
      body: '{"title":',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.status).toBe(400);
  });
});

describe(`artwork list: paging, sorting, filtering (${dbLabel()})`, () => {
  let t: TestApp;
  let token: string;
  let all: Artwork[];
  beforeAll(async () => {
    t = await createTestApp();
    const user = await signedInUser(t);
    token = user.idToken;
    const userId = (await (await t.request('/api/user', { token })).json()).userId as string;
    // 30 artworks with spread values; timestamps set so the creation order is known, two of them tied.
    const types = ['PHYSICAL_2D', 'DIGITAL_2D', 'VIDEO'] as const;
    const statuses = ['AVAILABLE', 'SOLD', 'NOT_FOR_SALE'] as const;
    const rows = Array.from({ length: 30 }, (_, i) => {
      const input = artworkInput(types[i % 3]);
      return {
        userId,
        title: i % 2 ? `painting ${String(i).padStart(2, '0')}` : `Painting ${String(i).padStart(2, '0')}`,
        year: i % 5 === 0 ? null : 1990 + i,
        medium: i % 4 === 0 ? 'Oil 100%_pure' : i % 4 === 1 ? 'Watercolour' : 'ACRYLIC on board',
        saleStatus: statuses[i % 3],
        mediaType: input.mediaType,
        dimensions: input.dimensions,
        createdAt: new Date(Date.UTC(2024, 0, 1, 0, 0, i === 7 ? 6 : i)),
      };
    });
    await t.deps.db.insert(artworks).values(rows);
    all = (await (await t.request('/api/artwork?pageSize=100&sort=createdAt&order=asc', { token })).json()).items;
  });
  afterAll(() => t.close());

  const page = async (query: string) => {
    const res = await t.request(`/api/artwork?${query}`, { token });
    expect(res.status, await res.clone().text()).toBe(200);
    return artworkPageSchema.parse(await res.json());
  };

  it('defaults: page 1 of 12, newest first, with the total', async () => {
    const p = await page('');
    expect(p).toMatchObject({ page: 1, pageSize: 12, total: 30 });
    expect(p.items).toHaveLength(12);
    expect(p.items[0].title).toBe('painting 29');
  });

  it('pages never overlap or skip, even where sort values tie (id breaks ties), in both halves of the list', async () => {
    for (const sort of ['createdAt', 'updatedAt', 'title', 'year', 'medium', 'saleStatus']) {
      for (const order of ['asc', 'desc']) {
        const seen: string[] = [];
        for (let n = 1; n <= 5; n++) {
          const p = await page(`sort=${sort}&order=${order}&pageSize=7&page=${n}`);
          expect(p.items, `${sort} ${order} page ${n}`).toHaveLength(n < 5 ? 7 : 2);
          seen.push(...p.items.map((a) => a.artworkId));
        }
        expect(new Set(seen).size, `${sort} ${order}`).toBe(30);
        const again = (await page(`sort=${sort}&order=${order}&pageSize=100`)).items.map((a) => a.artworkId);
        expect(again, `${sort} ${order}`).toEqual(seen);
      }
    }
  });

  it('sorts title and medium without regard to case; years with unknown years last ascending', async () => {
    const byTitle = (await page('sort=title&order=asc&pageSize=100')).items.map((a) => a.title);
    expect(byTitle).toEqual([...byTitle].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(byTitle[0]).toBe('Painting 00');
    expect(byTitle[1]).toBe('painting 01');
    const byTitleDesc = (await page('sort=title&order=desc&pageSize=3')).items.map((a) => a.title);
    expect(byTitleDesc).toEqual(['painting 29', 'Painting 28', 'painting 27']);
    const byMedium = (await page('sort=medium&order=asc&pageSize=100')).items.map((a) => a.medium.toLowerCase());
    expect(byMedium).toEqual([...byMedium].sort());
    const years = (await page('sort=year&order=asc&pageSize=100')).items.map((a) => a.year);
    expect(years.slice(0, 24)).toEqual([...years.slice(0, 24)].sort());
    expect(years.slice(24)).toEqual(Array(6).fill(null));
  });

  it('page size 48 and a page past the end', async () => {
    expect((await page('pageSize=48')).items).toHaveLength(30);
    const past = await page('page=5&pageSize=12');
    expect(past).toMatchObject({ items: [], total: 30, page: 5 });
    expect((await page('page=3&pageSize=12')).items).toHaveLength(6);
  });

  it('q searches title and medium, case-insensitively; % and _ are literal', async () => {
    expect((await page('q=PAINTING%2003&pageSize=100')).items.map((a) => a.title)).toEqual(['painting 03']);
    const water = await page('q=watercol&pageSize=100');
    expect(water.total).toBe(water.items.length);
    expect(water.items.every((a) => a.medium === 'Watercolour')).toBe(true);
    expect(water.total).toBe(all.filter((a) => a.medium === 'Watercolour').length);
    expect((await page(`q=${encodeURIComponent('100%_')}`)).total).toBe(all.filter((a) => a.medium.includes('100%_')).length);
    expect((await page(`q=${encodeURIComponent('l%p')}`)).total).toBe(0); // would match 'Oil 100%_pure' as a pattern
    expect((await page('q=o_l')).total).toBe(0);
    expect((await page('q=zzz')).total).toBe(0);
  });

  it('filters by media type and sale status, with the total of the filtered set', async () => {
    const video = await page('mediaType=VIDEO&pageSize=100');
    expect(video.total).toBe(10);
    expect(video.items.every((a) => a.mediaType === 'VIDEO')).toBe(true);
    const soldVideo = await page('mediaType=VIDEO&saleStatus=SOLD&pageSize=4');
    expect(soldVideo.total).toBe(all.filter((a) => a.mediaType === 'VIDEO' && a.saleStatus === 'SOLD').length);
    expect(soldVideo.items.every((a) => a.mediaType === 'VIDEO' && a.saleStatus === 'SOLD')).toBe(true);
  });

  it.each([
    ['page=0', 'page', 'Page must be a whole number from 1 to 100000'],
    ['page=abc', 'page', 'Page must be a whole number from 1 to 100000'],
    ['pageSize=101', 'pageSize', 'Page size must be a whole number from 1 to 100'],
    ['pageSize=2.5', 'pageSize', 'Page size must be a whole number from 1 to 100'],
    ['sort=price', 'sort', 'Sort must be one of createdAt, updatedAt, title, year, medium, saleStatus'],
    ['order=up', 'order', 'Order must be asc or desc'],
    ['mediaType=PAINTING', 'mediaType', 'Media type must be one of PHYSICAL_2D, PHYSICAL_3D, DIGITAL_2D, DIGITAL_3D, VIDEO, AUDIO'],
    ['saleStatus=RESERVED', 'saleStatus', 'Sale status must be AVAILABLE, SOLD or NOT_FOR_SALE'],
    [`q=${'x'.repeat(201)}`, 'q', 'Search must be at most 200 characters'],
  ])('bad query %s answers 400 naming the field', async (query, field, message) => {
    const res = await t.request(`/api/artwork?${query}`, { token });
    expect(res.status).toBe(400);
    expect((await res.json()).fieldErrors).toEqual({ [field]: [message] });
  });
});
