import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyStudioReport, studioReportSchema, type StudioReport } from '../../src/schemas/studio-report.schema';
import { artworkPieces, consignments } from '../../server/db/schema';
import { dayFromToday, inventoryClient } from '../support/inventory';
import { artworkInput, createArtwork } from '../support/portfolio';
import { createTestApp, signedInUser, type TestApp } from '../support/test-app';
import { dbLabel } from '../support/test-db';

type Client = ReturnType<typeof inventoryClient>;

describe(`Home's report: pieces, value for sale, the year's sales, overdue consignments, lapsing holds (${dbLabel()})`, () => {
  let t: TestApp;
  let ada: Client;
  let bea: Client;
  let token: string;
  const year = new Date().getUTCFullYear();

  beforeAll(async () => {
    t = await createTestApp();
    token = (await signedInUser(t)).idToken;
    ada = inventoryClient(t, token);
    bea = inventoryClient(t, (await signedInUser(t)).idToken);
  });
  afterAll(() => t.close());

  const work = async (title: string, price?: { amount: number; currency: string }) => {
    const id = (await createArtwork(t, token, artworkInput('PHYSICAL_2D', { title }))).artworkId;
    if (price) await ada.ok(await ada.change(id, 'pricing', { price }, 'PUT'));
    return id;
  };
  const report = async (client: Client, query = '') =>
    studioReportSchema.parse(await client.ok<StudioReport>(await client.call(`/report${query}`, 'GET')));

  it('an artist with nothing yet gets zeros and empty lists', async () => {
    expect(await report(bea)).toEqual(emptyStudioReport(year));
  });

  it('sums what it says: sales by gallery and month (returns left out), value for sale per currency, what needs doing', async () => {
    const buyer = await ada.contact({ name: 'Ada Collector' });
    const nord = await ada.contact({ name: 'Galerie Nord', kind: 'gallery' });
    const grace = await ada.contact({ name: 'Grace Hopper' });

    await work('For sale', { amount: 100000, currency: 'EUR' });
    await work('Unpriced');
    await work('In dollars', { amount: 50000, currency: 'USD' });
    const held = await work('Held', { amount: 20000, currency: 'EUR' });
    await ada.ok(await ada.change(held, 'hold', { contactId: grace.contactId, until: dayFromToday(3) }));
    const lapsed = await work('Lapsed hold', { amount: 1000, currency: 'EUR' });
    await ada.ok(await ada.change(lapsed, 'hold', { contactId: grace.contactId, until: dayFromToday(3) }));
    await t.deps.db
      .update(artworkPieces)
      .set({ holdUntil: new Date(Date.now() - 60_000) })
      .where(eq(artworkPieces.artworkId, lapsed));
    const later = await work('Held for later', { amount: 1000, currency: 'EUR' });
    await ada.ok(await ada.change(later, 'hold', { contactId: grace.contactId, until: dayFromToday(30) }));

    // Sold directly in January (price 2,000.00 less 200.00 discount, no commission) and in March (returned: left out).
    const direct = await work('Sold direct');
    await ada.ok(
      await ada.change(direct, 'sale', {
        contactId: buyer.contactId,
        date: `${year}-01-15`,
        price: { amount: 200000, currency: 'EUR' },
        discount: 20000,
      }),
      201,
    );
    const returned = await work('Returned');
    const sale = await ada.ok<{ saleId: string }>(
      await ada.change(returned, 'sale', { contactId: buyer.contactId, date: `${year}-03-02`, price: { amount: 999900, currency: 'EUR' } }),
      201,
    );
    await ada.ok(await ada.call(`/sale/${sale.saleId}/return`, 'POST', { date: `${year}-03-03` }));
    // Two consigned to Galerie Nord at 40%: one sold through it in January, one still there after the end date.
    const [viaNord, stillOut] = [await work('Via Nord'), await work('Still at Nord')];
    const consignment = await ada.ok<{ consignmentId: string }>(
      await ada.call('/consignment', 'POST', {
        contactId: nord.contactId,
        artworkIds: [viaNord, stillOut],
        commissionPercent: 40,
        startsOn: `${year}-01-01`,
        endsOn: dayFromToday(30),
      }),
      201,
    );
    await ada.ok(
      await ada.change(viaNord, 'sale', { contactId: buyer.contactId, date: `${year}-01-20`, price: { amount: 300000, currency: 'EUR' } }),
      201,
    );
    await t.deps.db
      .update(consignments)
      .set({ endsOn: dayFromToday(-2) })
      .where(eq(consignments.id, consignment.consignmentId));
    // Last year's sale counts in last year's report only.
    const old = await work('Last year');
    await ada.ok(
      await ada.change(old, 'sale', { contactId: buyer.contactId, date: `${year - 1}-12-31`, price: { amount: 7000, currency: 'EUR' } }),
      201,
    );

    const now = await report(ada);
    expect(now.pieces).toEqual({
      total: 11,
      sale: { available: 6, reserved: 2, sold: 3, notForSale: 0 },
      custody: { studio: 7, consigned: 1, onLoan: 0, withBuyer: 3, elsewhere: 0 },
    });
    // Available and held pieces with a price (the returned work is for sale again, unpriced).
    expect(now.availableValue).toEqual({
      sums: [
        { currency: 'EUR', amount: 100000 + 20000 + 1000 + 1000 },
        { currency: 'USD', amount: 50000 },
      ],
      unpriced: 3,
    });
    const directSum = { currency: 'EUR', count: 1, gross: 180000, commission: 0, net: 180000 };
    const nordSum = { currency: 'EUR', count: 1, gross: 300000, commission: 120000, net: 180000 };
    expect(now.sales.totals).toEqual([{ currency: 'EUR', count: 2, gross: 480000, commission: 120000, net: 360000 }]);
    expect(now.sales.byGallery).toEqual([
      // The same net: by name.
      { contactId: null, name: 'Direct sales', ...directSum },
      { contactId: nord.contactId, name: 'Galerie Nord', ...nordSum },
    ]);
    expect(now.sales.byMonth).toEqual([{ month: 1, currency: 'EUR', count: 2, gross: 480000, commission: 120000, net: 360000 }]);
    expect(now.overdueConsignments).toEqual([
      { consignmentId: consignment.consignmentId, gallery: 'Galerie Nord', endsOn: dayFromToday(-2), worksOut: 1 },
    ]);
    expect(now.lapsingHolds).toEqual([
      { artworkId: held, title: 'Held', copy: null, contact: 'Grace Hopper', until: `${dayFromToday(3)}T23:59:59.999Z` },
    ]);

    const before = await report(ada, `?year=${year - 1}`);
    expect(before.year).toBe(year - 1);
    expect(before.sales.totals).toEqual([{ currency: 'EUR', count: 1, gross: 7000, commission: 0, net: 7000 }]);
    expect(before.sales.byMonth.map((m) => m.month)).toEqual([12]);
    expect(before.pieces).toEqual(now.pieces);

    // Another artist sees none of it.
    expect((await report(bea)).pieces.total).toBe(0);
  });

  it('refuses a year that is not one (400 naming the field), and answers 401 without a session', async () => {
    for (const bad of ['26', 'abcd', '1899', '2026.5', '']) {
      const res = await ada.call(`/report?year=${bad}`, 'GET');
      expect(res.status, bad).toBe(400);
      expect((await res.json()).fieldErrors.year).toEqual(['Year must be a year from 1900, like 2026']);
    }
    expect((await t.request('/api/report')).status).toBe(401);
  });
});
