import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Inventory } from '../../src/schemas/inventory.schema';
import { saleSchema, type Sale } from '../../src/schemas/sale.schema';
import { dayFromToday, inventoryClient } from '../support/inventory';
import { artworkInput, createArtwork } from '../support/portfolio';
import { createTestApp, signedInUser, type TestApp } from '../support/test-app';
import { dbLabel } from '../support/test-db';

type Client = ReturnType<typeof inventoryClient>;

describe(`sales: recorded, computed, returned (${dbLabel()})`, () => {
  let t: TestApp;
  let ada: Client;
  let bea: Client;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp();
    token = (await signedInUser(t)).idToken;
    ada = inventoryClient(t, token);
    bea = inventoryClient(t, (await signedInUser(t)).idToken);
  });
  afterAll(() => t.close());

  const newWork = async () => (await createArtwork(t, token, artworkInput('PHYSICAL_2D', { title: 'Harbour' }))).artworkId;
  const sell = (id: string, json: object) => ada.change(id, 'sale', json);

  it('a sale: Sold and with the buyer; the commission and net are computed (price - discount, commission on that)', async () => {
    const id = await newWork();
    const buyer = await ada.contact({ name: 'Grace Hopper' });
    const res = await sell(id, {
      contactId: buyer.contactId,
      date: '2026-03-05',
      price: { amount: 250000, currency: 'EUR' },
      discount: 10000,
      commissionPercent: 33.33,
      tax: 48000,
      invoiceNumber: 'INV-7',
      // A client may not type the net: it is not an input and is ignored.
      net: 1,
    });
    const sale = saleSchema.parse(await ada.ok<Sale>(res, 201));
    expect(sale).toMatchObject({
      artworkTitle: 'Harbour',
      buyer: { contactId: buyer.contactId, name: 'Grace Hopper' },
      date: '2026-03-05',
      price: { amount: 250000, currency: 'EUR' },
      discount: 10000,
      commissionPercent: 33.33,
      commission: 79992,
      tax: 48000,
      net: 160008,
      invoiceNumber: 'INV-7',
      returnedOn: null,
    });
    const inv = await ada.inventory(id);
    expect(inv.pieces[0]).toMatchObject({ sale: 'sold', custody: 'withBuyer', currentSale: { saleId: sale.saleId, net: 160008 } });
    expect((await ada.ok<{ saleStatus: string }>(await ada.call(`/artwork/${id}`, 'GET'))).saleStatus).toBe('SOLD');
    const [entry] = (await ada.history(id)).items;
    expect(entry).toMatchObject({
      type: 'artwork.sold',
      date: '2026-03-05',
      changes: [
        { what: 'Sale status', from: 'Available', to: 'Sold' },
        { what: 'Where', from: 'In the studio', to: 'With the buyer' },
        { what: 'Sold for', from: null, to: 'EUR 2,500.00' },
      ],
    });
  });

  it('a second sale of a sold work is 409 "Artwork is already sold"; nothing is recorded', async () => {
    const id = await newWork();
    const buyer = await ada.contact();
    const body = { contactId: buyer.contactId, date: dayFromToday(0), price: { amount: 1000, currency: 'USD' } };
    await ada.ok(await sell(id, body), 201);
    const again = await sell(id, body);
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ message: 'Artwork is already sold', code: 'NOT_ALLOWED_NOW' });
    expect((await ada.history(id)).items.filter((e) => e.type === 'artwork.sold')).toHaveLength(1);
  });

  it('a return is its own event: the piece is back in the studio, for sale; a second return is 409', async () => {
    const id = await newWork();
    const buyer = await ada.contact();
    const sale = await ada.ok<Sale>(
      await sell(id, { contactId: buyer.contactId, date: dayFromToday(-3), price: { amount: 900, currency: 'JPY' } }),
      201,
    );
    const returned = await ada.ok<Sale>(
      await ada.call(`/sale/${sale.saleId}/return`, 'POST', { date: dayFromToday(0), note: 'Wrong size' }),
    );
    expect(returned).toMatchObject({ saleId: sale.saleId, returnedOn: dayFromToday(0), net: 900, price: { amount: 900, currency: 'JPY' } });
    const inv = await ada.inventory(id);
    expect(inv.pieces[0]).toMatchObject({ sale: 'available', custody: 'studio', currentSale: null });
    const [entry] = (await ada.history(id)).items;
    expect(entry).toMatchObject({ type: 'artwork.saleReturned', note: 'Wrong size', from: 'Sold', to: 'Available' });
    const twice = await ada.call(`/sale/${sale.saleId}/return`, 'POST', {});
    expect(twice.status).toBe(409);
    expect((await twice.json()).message).toBe('This sale was already returned');
    // It can be sold again.
    await ada.ok(await sell(id, { contactId: buyer.contactId, date: dayFromToday(0), price: { amount: 1000, currency: 'JPY' } }), 201);
  });

  it('a held work sells to its holder only', async () => {
    const id = await newWork();
    const [holder, other] = [await ada.contact({ name: 'Holder' }), await ada.contact({ name: 'Other' })];
    await ada.ok<Inventory>(await ada.change(id, 'hold', { contactId: holder.contactId, until: dayFromToday(5) }));
    const price = { amount: 5000, currency: 'GBP' };
    const toOther = await sell(id, { contactId: other.contactId, date: dayFromToday(0), price });
    expect(toOther.status).toBe(409);
    expect((await toOther.json()).message).toBe('It is on hold for another contact: release the hold first');
    await ada.ok(await sell(id, { contactId: holder.contactId, date: dayFromToday(0), price }), 201);
  });

  it.each([
    [{ price: { amount: 100, currency: 'ZZZ' } }, 'price.currency', 'Unknown currency: use an ISO 4217 code such as EUR or USD'],
    [{ price: { amount: -5, currency: 'EUR' } }, 'price.amount', 'Price cannot be negative'],
    [{ commissionPercent: 101 }, 'commissionPercent', 'Commission must be between 0 and 100'],
    [{ commissionPercent: -1 }, 'commissionPercent', 'Commission must be between 0 and 100'],
    [{ discount: 20000 }, 'discount', 'Discount cannot exceed the price'],
    [{ date: '2026-02-30' }, 'date', 'Date must be a date (YYYY-MM-DD)'],
    [{ contactId: 'nobody' }, 'contactId', 'Buyer must be a contact (a valid contact ID)'],
    [{ tax: 1.5 }, 'tax', 'Tax must be a whole number of minor units (cents)'],
  ])('bad input %j: 400 naming %s', async (change, field, message) => {
    const id = await newWork();
    const buyer = await ada.contact();
    const res = await sell(id, { contactId: buyer.contactId, date: dayFromToday(0), price: { amount: 10000, currency: 'EUR' }, ...change });
    expect(res.status).toBe(400);
    expect((await res.json()).fieldErrors[field]).toEqual([message]);
    expect((await ada.inventory(id)).pieces[0].sale).toBe('available');
  });

  it("another artist's sale cannot be returned (404); their contact cannot be a buyer (404)", async () => {
    const id = await newWork();
    const buyer = await ada.contact();
    const sale = await ada.ok<Sale>(
      await sell(id, { contactId: buyer.contactId, date: dayFromToday(0), price: { amount: 1, currency: 'EUR' } }),
      201,
    );
    expect((await bea.call(`/sale/${sale.saleId}/return`, 'POST', {})).status).toBe(404);
    const other = await newWork();
    const theirs = await bea.contact();
    const res = await sell(other, { contactId: theirs.contactId, date: dayFromToday(0), price: { amount: 1, currency: 'EUR' } });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'Contact not found.' });
  });
});
