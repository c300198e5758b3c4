import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Inventory } from '../../src/schemas/inventory.schema';
import { inventoryClient } from '../support/inventory';
import { addMedia, artworkInput, createArtwork, makeJpeg } from '../support/portfolio';
import { createTestApp, signedInUser, type TestApp } from '../support/test-app';
import { pdfText } from '../support/pdf-text';
import { dbLabel } from '../support/test-db';

describe(`certificates of authenticity as PDF, and their verification (${dbLabel()})`, () => {
  let t: TestApp;
  let token: string;
  let otherToken: string;

  beforeAll(async () => {
    t = await createTestApp({ APP_URL: 'https://studio.example' });
    token = (await signedInUser(t)).idToken;
    otherToken = (await signedInUser(t)).idToken;
    await t.request('/api/user', { method: 'POST', token, json: { firstName: 'Ada', lastName: 'Lovelace' } });
  });
  afterAll(() => t.close());

  const certificate = (artworkId: string, query = '', as = token) =>
    t.request(`/api/artwork/${artworkId}/certificate.pdf${query}`, { token: as });
  const numberIn = (text: string) => /Certificate number ([0-9A-F]{32}-[0-9A-F]{12})/.exec(text)?.[1];

  it('a unique work: the certificate names the work, the artist and its number, with its picture; the number verifies', async () => {
    const art = await createArtwork(t, token, artworkInput('PHYSICAL_2D', { title: 'Harbour at Dusk', medium: 'Oil on linen' }));
    await addMedia(t, token, art.artworkId, await makeJpeg(800, 600), 'image/jpeg', 'harbour.jpg');
    const res = await certificate(art.artworkId);
    expect(res.status).toBe(200);
    const bytes = await res.clone().arrayBuffer();
    expect(Buffer.from(bytes).includes('/Subtype /Image')).toBe(true);
    const text = await pdfText(res);
    expect(text).toContain('Certificate of Authenticity');
    expect(text).toContain('Harbour at Dusk');
    expect(text).toContain('Ada Lovelace');
    expect(text).toContain('Oil on linen');
    expect(text).toContain('Unique work');
    const number = numberIn(text);
    expect(number).toBeDefined();
    expect(text).toContain(`https://studio.example/verify/${number}`);

    const page = await t.request(`/verify/${number}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Harbour at Dusk');
    expect(html).toContain('Ada Lovelace');
    const api = await t.request(`/api/certificate/${number}`);
    expect(await api.json()).toMatchObject({ number, title: 'Harbour at Dusk', artist: 'Ada Lovelace', copy: null });
  });

  it('a copy of an edition: the certificate names the copy, and its verification says which copy and never the buyer', async () => {
    const art = await createArtwork(t, token, artworkInput('PHYSICAL_2D', { title: 'Tide Tables' }));
    const ada = inventoryClient(t, token);
    expect((await ada.change(art.artworkId, 'edition', { size: 25, proofs: 2 }, 'PUT')).status).toBe(200);
    const inventory: Inventory = await ada.inventory(art.artworkId);
    const third = inventory.pieces.find((p) => p.copy === '3/25')!;
    const proof = inventory.pieces.find((p) => p.copy === 'AP 1/2')!;
    const buyer = await ada.contact({ name: 'Bruno Buyer' });
    await ada.ok(
      await ada.change(art.artworkId, 'sale', {
        copy: '3/25',
        contactId: buyer.contactId,
        date: '2026-01-05',
        price: { amount: 90000, currency: 'EUR' },
      }),
      201,
    );

    const text = await pdfText(await certificate(art.artworkId, `?piece=${third.pieceId}`));
    expect(text).toContain('Tide Tables');
    expect(text).toContain('3/25');
    const number = numberIn(text)!;
    const proofText = await pdfText(await certificate(art.artworkId, `?piece=${proof.pieceId}`));
    expect(proofText).toContain('AP 1/2');
    expect(numberIn(proofText)).not.toBe(number);

    const answer = await t.request(`/api/certificate/${number}`);
    expect(await answer.json()).toEqual({ number, title: 'Tide Tables', year: expect.anything(), artist: 'Ada Lovelace', copy: '3/25' });
    const html = await (await t.request(`/verify/${number.toLowerCase()}`)).text();
    expect(html).toContain('copy 3/25');
    expect(html).not.toContain('Bruno');

    // An edition needs its copy named; a piece of another artwork is unknown here.
    const none = await certificate(art.artworkId);
    expect(none.status).toBe(400);
    expect((await none.json()).fieldErrors.piece[0]).toMatch(/Choose which copy/);
    const other = await createArtwork(t, token, artworkInput('PHYSICAL_2D', { title: 'Other' }));
    const wrong = await certificate(other.artworkId, `?piece=${third.pieceId}`);
    expect(wrong.status).toBe(400);
    expect((await certificate(art.artworkId, '?piece=not-an-id')).status).toBe(400);
  });

  it("another artist's work is 404, signed out is 401; unknown and forged numbers are 404", async () => {
    const art = await createArtwork(t, token, artworkInput('PHYSICAL_2D', { title: 'Mine' }));
    expect((await certificate(art.artworkId, '', otherToken)).status).toBe(404);
    expect((await t.request(`/api/artwork/${art.artworkId}/certificate.pdf`)).status).toBe(401);

    const number = numberIn(await pdfText(await certificate(art.artworkId)))!;
    const forged = `${number.slice(0, 33)}${number.slice(33) === '000000000000' ? '111111111111' : '000000000000'}`;
    for (const bad of [forged, 'nonsense', `${'0'.repeat(32)}-${number.slice(33)}`]) {
      expect((await t.request(`/api/certificate/${bad}`)).status, bad).toBe(404);
      expect((await t.request(`/verify/${bad}`)).status, bad).toBe(404);
    }
  });
});
