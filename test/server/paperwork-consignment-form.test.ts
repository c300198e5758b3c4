import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Consignment } from '../../src/schemas/consignment.schema';
import { dayFromToday, inventoryClient } from '../support/inventory';
import { addMedia, artworkInput, createArtwork, makeJpeg } from '../support/portfolio';
import { createTestApp, signedInUser, type TestApp } from '../support/test-app';
import { pdfRead } from '../support/pdf-text';
import { dbLabel } from '../support/test-db';

describe(`the consignment form as PDF (${dbLabel()})`, () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp();
    token = (await signedInUser(t)).idToken;
    await t.request('/api/user', { method: 'POST', token, json: { firstName: 'Ada', lastName: 'Lovelace' } });
  });
  afterAll(() => t.close());

  it('names both parties and the terms, lists the works still out with size, price and picture, and has two signature lines', async () => {
    const ada = inventoryClient(t, token);
    const gallery = await ada.contact({ name: 'Galerie Nord', kind: 'gallery', address: '1 Harbour Road, Bergen' });
    const a = await createArtwork(t, token, artworkInput('PHYSICAL_2D', { title: 'North Light', medium: 'Oil on canvas' }));
    const b = await createArtwork(t, token, artworkInput('PHYSICAL_2D', { title: 'South Wind' }));
    const c = await createArtwork(t, token, artworkInput('PHYSICAL_2D', { title: 'East Gate' }));
    await addMedia(t, token, a.artworkId, await makeJpeg(400, 300), 'image/jpeg', 'north.jpg');
    await ada.ok(await ada.change(a.artworkId, 'pricing', { price: { amount: 125000, currency: 'EUR' } }, 'PUT'));
    const made = await ada.ok<Consignment>(
      await ada.call('/consignment', 'POST', {
        contactId: gallery.contactId,
        artworkIds: [a.artworkId, b.artworkId, c.artworkId],
        commissionPercent: 40,
        startsOn: dayFromToday(0),
        endsOn: dayFromToday(90),
        terms: 'Insured by the gallery while on its walls.',
      }),
      201,
    );
    await ada.ok(await ada.call(`/consignment/${made.consignmentId}/return`, 'POST', { artworkIds: [c.artworkId] }));

    const res = await t.request(`/api/consignment/${made.consignmentId}/form.pdf`, { token });
    expect(res.status).toBe(200);
    const { text, bytes } = await pdfRead(res);
    expect(bytes.includes('/Subtype /Image')).toBe(true);
    for (const s of ['Consignment Agreement', 'Ada Lovelace', 'Galerie Nord', '1 Harbour Road, Bergen', '40%', dayFromToday(90)]) {
      expect(text).toContain(s);
    }
    expect(text).toContain('Insured by the gallery while on its walls.');
    expect(text).toContain('North Light');
    expect(text).toContain('Oil on canvas');
    expect(text).toContain('50 × 70 cm');
    expect(text).toContain('EUR 1,250.00');
    expect(text).toContain('South Wind');
    expect(text).not.toContain('East Gate');
    expect(text).toContain('Ada Lovelace, signature and date');
    expect(text).toContain('For Galerie Nord, signature and date');
  });

  it("another artist's consignment is 404, a bad id 400, signed out 401", async () => {
    const ada = inventoryClient(t, token);
    const gallery = await ada.contact({ name: 'Galerie Sud', kind: 'gallery' });
    const a = await createArtwork(t, token, artworkInput('PHYSICAL_2D', { title: 'Only' }));
    const made = await ada.ok<Consignment>(
      await ada.call('/consignment', 'POST', {
        contactId: gallery.contactId,
        artworkIds: [a.artworkId],
        commissionPercent: 30,
        startsOn: dayFromToday(0),
        endsOn: dayFromToday(30),
      }),
      201,
    );
    const other = await signedInUser(t);
    expect((await t.request(`/api/consignment/${made.consignmentId}/form.pdf`, { token: other.idToken })).status).toBe(404);
    expect((await t.request(`/api/consignment/${made.consignmentId}/form.pdf`)).status).toBe(401);
    expect((await t.request('/api/consignment/nope/form.pdf', { token })).status).toBe(400);
  });
});
