import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayFromToday, inventoryClient } from '../support/inventory';
import { artworkInput, createArtwork } from '../support/portfolio';
import { createTestApp, signedInUser, type TestApp } from '../support/test-app';
import { pdfText } from '../support/pdf-text';
import { dbLabel } from '../support/test-db';

describe(`the inventory report (PDF and CSV) and the price list (${dbLabel()})`, () => {
  let t: TestApp;
  let token: string;
  let otherToken: string;

  beforeAll(async () => {
    t = await createTestApp();
    token = (await signedInUser(t)).idToken;
    otherToken = (await signedInUser(t)).idToken;
    await t.request('/api/user', { method: 'POST', token, json: { firstName: 'Ada', lastName: 'Lovelace' } });
    const ada = inventoryClient(t, token);
    const gallery = await ada.contact({ name: 'Galerie Nord', kind: 'gallery' });
    const buyer = await ada.contact({ name: 'Bruno Buyer' });
    const kept = await createArtwork(t, token, artworkInput('PHYSICAL_2D', { title: 'Alpha Kept' }));
    const consigned = await createArtwork(t, token, artworkInput('PHYSICAL_2D', { title: 'Beta Away' }));
    const sold = await createArtwork(t, token, artworkInput('PHYSICAL_2D', { title: 'Gamma Gone' }));
    const risky = await createArtwork(t, token, artworkInput('PHYSICAL_2D', { title: '=HYPERLINK("http://x","y")' }));
    for (const [id, amount] of [
      [kept.artworkId, 100000],
      [consigned.artworkId, 250000],
      [sold.artworkId, 70000],
    ] as const) {
      await ada.ok(await ada.change(id, 'pricing', { price: { amount, currency: 'EUR' } }, 'PUT'));
    }
    await ada.ok(
      await ada.call('/consignment', 'POST', {
        contactId: gallery.contactId,
        artworkIds: [consigned.artworkId],
        commissionPercent: 40,
        startsOn: dayFromToday(0),
        endsOn: dayFromToday(30),
      }),
      201,
    );
    await ada.ok(
      await ada.change(sold.artworkId, 'sale', {
        contactId: buyer.contactId,
        date: dayFromToday(0),
        price: { amount: 70000, currency: 'EUR' },
      }),
      201,
    );
    await ada.ok(await ada.change(risky.artworkId, 'availability', { forSale: false }));
  });
  afterAll(() => t.close());

  it('the PDF lists every piece with its status, custody and value, and totals the value of work not sold', async () => {
    const res = await t.request('/api/paperwork/inventory.pdf', { token });
    expect(res.status).toBe(200);
    const text = await pdfText(res);
    expect(text).toContain('Inventory report');
    expect(text).toMatch(/Alpha Kept .*Available In the studio EUR 1,000.00/);
    expect(text).toMatch(/Beta Away .*Consigned: Galerie Nord EUR 2,500.00/);
    expect(text).toMatch(/Gamma Gone .*Sold/);
    expect(text).toContain('4 pieces. Value of work not sold: EUR 3,500.00');
    expect(text).not.toContain('Bruno');
  });

  it('the price list has only the pieces for sale', async () => {
    const text = await pdfText(await t.request('/api/paperwork/price-list.pdf', { token }));
    expect(text).toContain('Price list');
    expect(text).toContain('Alpha Kept');
    expect(text).toContain('Beta Away');
    expect(text).not.toContain('Gamma Gone');
    expect(text).toContain('2 pieces.');
  });

  it('the CSV has the same lines, a cell that starts like a formula written as text', async () => {
    const res = await t.request('/api/paperwork/inventory.csv', { token });
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const lines = (await res.text()).trim().split('\r\n');
    expect(lines[0]).toBe('Title,Copy,Year,Medium,Dimensions,Status,Custody,Value');
    expect(lines).toHaveLength(5);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(lines.find((l) => l.startsWith('Beta Away'))).toContain(
      'Consigned: Galerie Nord,EUR 2,500.00'.replace('EUR 2,500.00', '"EUR 2,500.00"'),
    );
  });

  it('another artist sees only their own (empty) report; signed out is 401', async () => {
    const csv = await (await t.request('/api/paperwork/inventory.csv', { token: otherToken })).text();
    expect(csv.trim().split('\r\n')).toHaveLength(1);
    expect(await pdfText(await t.request('/api/paperwork/inventory.pdf', { token: otherToken }))).toContain('0 pieces.');
    expect((await t.request('/api/paperwork/inventory.pdf')).status).toBe(401);
    expect((await t.request('/api/paperwork/inventory.csv')).status).toBe(401);
  });
});
