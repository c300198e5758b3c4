import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Artwork } from '../../src/schemas/artwork.schema';
import type { JournalPage } from '../../src/schemas/journal.schema';
import { artworkInput, createArtwork } from '../support/portfolio';
import { createTestApp, signedInUser, type TestApp } from '../support/test-app';
import { dbLabel } from '../support/test-db';

describe(`an artwork's inventory number in the API (${dbLabel()})`, () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp();
    token = (await signedInUser(t)).idToken;
  });
  afterAll(() => t.close());

  const put = (id: string, json: unknown) => t.request(`/api/artwork/${id}`, { method: 'PUT', json, token });
  const get = async (id: string) => (await (await t.request(`/api/artwork/${id}`, { token })).json()) as Artwork;

  it('is answered, kept when a replacement leaves it out, changed and cleared when given, and journaled by its label', async () => {
    const made = await createArtwork(t, token, artworkInput('PHYSICAL_2D', { title: 'Harbour', inventoryNumber: '  2024-017 ' }));
    expect(made.inventoryNumber).toBe('2024-017');
    expect((await createArtwork(t, token, artworkInput('PHYSICAL_2D', { title: 'Unnumbered' }))).inventoryNumber).toBe('');

    expect((await put(made.artworkId, artworkInput('PHYSICAL_2D', { title: 'Harbour at dusk' }))).status).toBe(200);
    expect((await get(made.artworkId)).inventoryNumber).toBe('2024-017');

    expect((await put(made.artworkId, artworkInput('PHYSICAL_2D', { title: 'Harbour at dusk', inventoryNumber: 'SV-9' }))).status).toBe(
      200,
    );
    expect((await get(made.artworkId)).inventoryNumber).toBe('SV-9');
    const journal = (await (await t.request('/api/journal', { token })).json()) as JournalPage;
    expect(journal.items[0].metadata.changedFields).toEqual(['inventoryNumber']);

    expect((await put(made.artworkId, artworkInput('PHYSICAL_2D', { title: 'Harbour at dusk', inventoryNumber: '' }))).status).toBe(200);
    expect((await get(made.artworkId)).inventoryNumber).toBe('');
  });

  it('is found by the list search, and refused past 50 characters with the field named', async () => {
    await createArtwork(t, token, artworkInput('PHYSICAL_2D', { title: 'Searchable', inventoryNumber: 'ZX-4411' }));
    const found = (await (await t.request('/api/artwork?q=zx-44', { token })).json()) as { items: Artwork[] };
    expect(found.items.map((a) => a.title)).toEqual(['Searchable']);

    const res = await t.request('/api/artwork', {
      method: 'POST',
      json: artworkInput('PHYSICAL_2D', { inventoryNumber: 'x'.repeat(51) }),
      token,
    });
    expect(res.status).toBe(400);
    expect((await res.json()).fieldErrors.inventoryNumber).toEqual(['Inventory number must be at most 50 characters']);
  });
});
