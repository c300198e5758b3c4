import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { historyPageSchema } from '../../src/schemas/history.schema';
import { inventorySchema, type Inventory } from '../../src/schemas/inventory.schema';
import { artworkPieces, journalEntries } from '../../server/db/schema';
import { inventoryUpkeep } from '../../server/worker/inventory-upkeep';
import { dayFromToday, inventoryClient } from '../support/inventory';
import { artworkInput, createArtwork } from '../support/portfolio';
import { createTestApp, signedInUser, type TestApp } from '../support/test-app';
import { dbLabel } from '../support/test-db';

type Client = ReturnType<typeof inventoryClient>;

const piece = (inv: Inventory, copy: string | null = null) => inv.pieces.find((p) => p.copy === copy)!;

describe(`inventory: an artwork's life through its chart (${dbLabel()})`, () => {
  let t: TestApp;
  let ada: Client;
  let bea: Client;
  let adaToken: string;
  let beaToken: string;

  beforeAll(async () => {
    t = await createTestApp();
    adaToken = (await signedInUser(t)).idToken;
    beaToken = (await signedInUser(t)).idToken;
    ada = inventoryClient(t, adaToken);
    bea = inventoryClient(t, beaToken);
  });
  afterAll(() => t.close());

  const newWork = async (overrides = {}) => (await createArtwork(t, adaToken, artworkInput('PHYSICAL_2D', overrides))).artworkId;

  it('a new artwork is one piece, available, in the studio, with no price; the answer has the documented shape', async () => {
    const id = await newWork();
    const inv = inventorySchema.parse(await ada.inventory(id));
    expect(inv).toMatchObject({ artworkId: id, edition: null, remaining: 1, priceDisplay: 'hidden' });
    expect(inv.pieces).toEqual([
      expect.objectContaining({
        kind: 'unique',
        copy: null,
        sale: 'available',
        custody: 'studio',
        hold: null,
        price: null,
        currentSale: null,
      }),
    ]);
  });

  it('a hold: On hold for the contact (saleStatus stays Available), then released; each change in the history with who and the note', async () => {
    const id = await newWork();
    const grace = await ada.contact({ name: 'Grace Hopper' });
    const held = await ada.ok<Inventory>(
      await ada.change(id, 'hold', { contactId: grace.contactId, until: dayFromToday(7), note: 'Visiting Friday' }),
    );
    expect(piece(held)).toMatchObject({ sale: 'reserved', hold: { contact: { contactId: grace.contactId, name: 'Grace Hopper' } } });
    expect(piece(held).hold!.until).toBe(`${dayFromToday(7)}T23:59:59.999Z`);
    expect((await ada.ok<{ saleStatus: string }>(await ada.call(`/artwork/${id}`, 'GET'))).saleStatus).toBe('AVAILABLE');

    const released = await ada.ok<Inventory>(await ada.change(id, 'hold/release', {}));
    expect(piece(released)).toMatchObject({ sale: 'available', hold: null });
    const history = historyPageSchema.parse(await ada.history(id));
    expect(history.items.map((e) => e.type)).toEqual(['artwork.holdReleased', 'artwork.held', 'artwork.new']);
    expect(history.items[1]).toMatchObject({
      what: 'Sale status',
      from: 'Available',
      to: `On hold for Grace Hopper until ${dayFromToday(7)}`,
      who: 'artist',
      note: 'Visiting Friday',
      message: "Artwork 'Blue Harbour' was put on hold for Grace Hopper",
    });
  });

  it('the chart refuses with its reason (409): releasing no hold, lending a consigned work, marking a held work not for sale', async () => {
    const id = await newWork();
    const grace = await ada.contact();
    const notHeld = await ada.change(id, 'hold/release', {});
    expect(notHeld.status).toBe(409);
    expect(await notHeld.json()).toEqual({ message: 'It is not on hold', code: 'NOT_ALLOWED_NOW' });
    await ada.ok(await ada.change(id, 'hold', { contactId: grace.contactId, until: dayFromToday(3) }));
    const nfs = await ada.change(id, 'availability', { forSale: false });
    expect(nfs.status).toBe(409);
    expect((await nfs.json()).message).toBe('It is on hold: release the hold first');
    // Nothing was written by a refusal.
    expect(piece(await ada.inventory(id)).sale).toBe('reserved');
  });

  it('a loan and a place elsewhere: where the piece is, and what that forbids until it is back', async () => {
    const id = await newWork();
    const lent = await ada.ok<Inventory>(await ada.change(id, 'loan', { borrower: 'Tate Modern', until: dayFromToday(60) }));
    expect(piece(lent)).toMatchObject({ custody: 'onLoan', loan: { borrower: 'Tate Modern', until: dayFromToday(60) } });
    const elsewhere = await ada.change(id, 'location', { place: 'Framer' });
    expect(elsewhere.status).toBe(409);
    expect((await elsewhere.json()).message).toBe('Return it from the loan first');
    const buyer = await ada.contact();
    const sale = await ada.change(id, 'sale', {
      contactId: buyer.contactId,
      date: dayFromToday(0),
      price: { amount: 100000, currency: 'EUR' },
    });
    expect(sale.status).toBe(409);
    expect((await sale.json()).message).toBe('Return it from the loan first');
    await ada.ok(await ada.change(id, 'loan/return', {}));
    const moved = await ada.ok<Inventory>(await ada.change(id, 'location', { place: 'Framer, Rue Oberkampf' }));
    expect(piece(moved)).toMatchObject({ custody: 'elsewhere', place: 'Framer, Rue Oberkampf' });
    const back = await ada.ok<Inventory>(await ada.change(id, 'location/studio', { note: 'Reframed' }));
    expect(piece(back)).toMatchObject({ custody: 'studio', place: null });
    const again = await ada.change(id, 'location/studio', {});
    expect((await again.json()).message).toBe('It is already in the studio');
    const history = await ada.history(id);
    expect(history.items.slice(0, 4).map((e) => [e.what, e.from, e.to])).toEqual([
      ['Where', 'Elsewhere: Framer, Rue Oberkampf', 'In the studio'],
      ['Where', 'In the studio', 'Elsewhere: Framer, Rue Oberkampf'],
      ['Where', `On loan to Tate Modern until ${dayFromToday(60)}`, 'In the studio'],
      ['Where', 'In the studio', `On loan to Tate Modern until ${dayFromToday(60)}`],
    ]);
  });

  it('a hold whose day has passed reads as lapsed at once, and the next change records the lapse (by the studio) first', async () => {
    const id = await newWork();
    const grace = await ada.contact();
    await ada.ok(await ada.change(id, 'hold', { contactId: grace.contactId, until: dayFromToday(2) }));
    // Time passes with no timer running: the record still says reserved, its moment is behind.
    await t.deps.db
      .update(artworkPieces)
      .set({ holdUntil: new Date(Date.now() - 60_000) })
      .where(eq(artworkPieces.artworkId, id));
    expect(piece(await ada.inventory(id))).toMatchObject({ sale: 'available', hold: null, holdLapsed: true });
    await ada.ok(await ada.change(id, 'availability', { forSale: false }));
    const [latest, lapse] = (await ada.history(id)).items;
    expect(latest).toMatchObject({ type: 'artwork.notForSale', from: 'Available', to: 'Not for sale', who: 'artist' });
    expect(lapse).toMatchObject({ type: 'artwork.holdLapsed', what: 'Sale status', to: 'Available', who: 'studio' });
  });

  it('the upkeep writes down lapsed holds with no request, once, and frees the contact', async () => {
    const id = await newWork();
    const grace = await ada.contact();
    await ada.ok(await ada.change(id, 'hold', { contactId: grace.contactId, until: dayFromToday(2) }));
    await t.deps.db
      .update(artworkPieces)
      .set({ holdUntil: new Date(Date.now() - 1000) })
      .where(eq(artworkPieces.artworkId, id));
    expect((await inventoryUpkeep(t.deps)).lapsed).toBeGreaterThanOrEqual(1);
    expect((await inventoryUpkeep(t.deps)).lapsed).toBe(0);
    const [row] = await t.deps.db.select().from(artworkPieces).where(eq(artworkPieces.artworkId, id));
    expect(row).toMatchObject({ sale: 'available', holdContactId: null, holdUntil: null });
    const lapses = await t.deps.db.select().from(journalEntries).where(eq(journalEntries.artworkId, id));
    expect(lapses.filter((e) => e.type === 'artwork.holdLapsed')).toHaveLength(1);
  });

  it('an edition: each copy its own life, how many remain, the artwork Sold only when every numbered copy is', async () => {
    const id = await newWork({ title: 'Print' });
    const inv = await ada.ok<Inventory>(await ada.change(id, 'edition', { size: 3, proofs: 1 }, 'PUT'));
    expect(inv.edition).toEqual({ size: 3, proofs: 1 });
    expect(inv.pieces.map((p) => p.copy)).toEqual(['1/3', '2/3', '3/3', 'AP 1/1']);
    expect(inv.remaining).toBe(4);
    const buyer = await ada.contact();
    const sell = (copy: string) =>
      ada.change(id, 'sale', { copy, contactId: buyer.contactId, date: dayFromToday(0), price: { amount: 30000, currency: 'EUR' } });
    for (const copy of ['1/3', '2', 'AP 1']) expect((await sell(copy)).status).toBe(201);
    const after = await ada.inventory(id);
    expect(after.remaining).toBe(1);
    expect(piece(after, '3/3').sale).toBe('available');
    expect((await ada.ok<{ saleStatus: string }>(await ada.call(`/artwork/${id}`, 'GET'))).saleStatus).toBe('AVAILABLE');
    expect((await sell('3/3')).status).toBe(201);
    expect((await ada.ok<{ saleStatus: string }>(await ada.call(`/artwork/${id}`, 'GET'))).saleStatus).toBe('SOLD');
    // A sold copy keeps the edition from shrinking below it.
    const shrink = await ada.change(id, 'edition', { size: 2, proofs: 1 }, 'PUT');
    expect(shrink.status).toBe(409);
    expect((await shrink.json()).message).toMatch(/^3\/3: /);
  });

  it('bad copies: above the size, of a unique work, missing on an edition (400 naming the field)', async () => {
    const unique = await newWork();
    const edition = await newWork();
    await ada.ok(await ada.change(edition, 'edition', { size: 25, proofs: 2 }, 'PUT'));
    const cases: Array<[string, object, string]> = [
      [edition, { copy: '26' }, "Copy 26 is above the edition's size (25)"],
      [edition, { copy: '3/30' }, 'This edition has 25 copies, not 30'],
      [edition, { copy: 'AP 3' }, "AP 3 is above the edition's 2 artist's proofs"],
      [edition, { copy: 'three' }, 'Copy must be like 3/25 or AP 1/2'],
      [edition, {}, 'Choose which copy of the edition (like 3/25 or AP 1/2)'],
      [unique, { copy: '1' }, 'This artwork is not an edition: leave the copy out'],
    ];
    for (const [id, body, message] of cases) {
      const res = await ada.change(id, 'location', { place: 'Storage', ...body });
      expect(res.status).toBe(400);
      expect((await res.json()).fieldErrors).toEqual({ copy: [message] });
    }
  });

  it('edition rules: proofs need a size, size from 2 (400 with the field)', async () => {
    const id = await newWork();
    for (const [body, field, message] of [
      [{ size: null, proofs: 2 }, 'proofs', "Artist's proofs need an edition size"],
      [{ size: 1 }, 'size', 'Edition size must be a whole number from 2 to 10000'],
      [{ size: 5, proofs: -1 }, 'proofs', "Artist's proofs must be a whole number from 0 to 100"],
    ] as const) {
      const res = await ada.change(id, 'edition', body, 'PUT');
      expect(res.status).toBe(400);
      expect((await res.json()).fieldErrors[field]).toEqual([message]);
    }
  });

  it('prices: per artwork and per copy, minor units and ISO 4217, with history; bad money is a 400 naming the field', async () => {
    const id = await newWork();
    const priced = await ada.ok<Inventory>(
      await ada.change(id, 'pricing', { price: { amount: 125000, currency: 'eur' }, display: 'price' }, 'PUT'),
    );
    expect(piece(priced).price).toEqual({ amount: 125000, currency: 'EUR' });
    expect(priced.priceDisplay).toBe('price');
    await ada.ok(await ada.change(id, 'pricing', { price: { amount: 140000, currency: 'EUR' } }, 'PUT'));
    const history = await ada.history(id);
    expect(history.items.filter((e) => e.what === 'Price').map((e) => [e.from, e.to])).toEqual([
      ['EUR 1,250.00', 'EUR 1,400.00'],
      ['No price', 'EUR 1,250.00'],
    ]);
    for (const [price, field, message] of [
      [{ amount: 100, currency: 'XYZ' }, 'price.currency', 'Unknown currency: use an ISO 4217 code such as EUR or USD'],
      [{ amount: -1, currency: 'EUR' }, 'price.amount', 'Price cannot be negative'],
      [{ amount: 10.5, currency: 'EUR' }, 'price.amount', 'Price must be a whole number of minor units (cents)'],
    ] as const) {
      const res = await ada.change(id, 'pricing', { price }, 'PUT');
      expect(res.status).toBe(400);
      expect((await res.json()).fieldErrors[field]).toEqual([message]);
    }
  });

  it("PUT /artwork: an old client's saleStatus works where the chart allows it; Sold only by a sale (409, nothing saved)", async () => {
    const id = await newWork();
    const put = (json: object) => ada.call(`/artwork/${id}`, 'PUT', { ...artworkInput('PHYSICAL_2D'), ...json });
    const nfs = await ada.ok<{ saleStatus: string }>(await put({ saleStatus: 'NOT_FOR_SALE' }));
    expect(nfs.saleStatus).toBe('NOT_FOR_SALE');
    expect(piece(await ada.inventory(id)).sale).toBe('notForSale');
    const sold = await put({ saleStatus: 'SOLD', title: 'Renamed' });
    expect(sold.status).toBe(409);
    expect((await sold.json()).message).toBe('Sold is reached only by recording a sale');
    expect((await ada.ok<{ title: string }>(await ada.call(`/artwork/${id}`, 'GET'))).title).toBe('Blue Harbour');
    // Left out, the status is unchanged (the app's form sends none for a saved artwork).
    const { saleStatus: _left, ...withoutStatus } = artworkInput('PHYSICAL_2D', { title: 'Renamed' });
    const renamed = await ada.ok<{ title: string; saleStatus: string }>(await ada.call(`/artwork/${id}`, 'PUT', withoutStatus));
    expect(renamed).toMatchObject({ title: 'Renamed', saleStatus: 'NOT_FOR_SALE' });
  });

  it("POST /artwork with SOLD (an old client's): created sold, with a sale to an unknown buyer that a return undoes", async () => {
    const created = await createArtwork(t, adaToken, artworkInput('PHYSICAL_2D', { saleStatus: 'SOLD' }));
    expect(created.saleStatus).toBe('SOLD');
    const inv = await ada.inventory(created.artworkId);
    expect(piece(inv)).toMatchObject({ sale: 'sold', custody: 'withBuyer', currentSale: { buyer: null, price: null } });
    await ada.ok(await ada.call(`/sale/${piece(inv).currentSale!.saleId}/return`, 'POST', {}));
    expect((await ada.ok<{ saleStatus: string }>(await ada.call(`/artwork/${created.artworkId}`, 'GET'))).saleStatus).toBe('AVAILABLE');
  });

  it("another artist's artwork or contact answers 404 and is left untouched", async () => {
    const id = await newWork();
    const theirs = await bea.contact();
    for (const res of [
      await bea.call(`/artwork/${id}/inventory`, 'GET'),
      await bea.call(`/artwork/${id}/history`, 'GET'),
      await bea.change(id, 'location', { place: 'My place' }),
      await bea.change(id, 'edition', { size: 3 }, 'PUT'),
    ]) {
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ message: 'Artwork not found.' });
    }
    const holdForTheirs = await ada.change(id, 'hold', { contactId: theirs.contactId, until: dayFromToday(3) });
    expect(holdForTheirs.status).toBe(404);
    expect(piece(await ada.inventory(id))).toMatchObject({ sale: 'available', custody: 'studio' });
  });

  it('the history pages with a cursor, newest first, and a bad cursor is a 400', async () => {
    const id = await newWork();
    for (let i = 0; i < 5; i++) await ada.ok(await ada.change(id, 'location', { place: `Place ${i}` }));
    const first = await ada.history(id, '?limit=4');
    expect(first.items.map((e) => e.to)).toEqual(['Elsewhere: Place 4', 'Elsewhere: Place 3', 'Elsewhere: Place 2', 'Elsewhere: Place 1']);
    const second = await ada.history(id, `?limit=4&cursor=${first.nextCursor}`);
    expect(second.items.map((e) => e.type)).toEqual(['artwork.movedElsewhere', 'artwork.new']);
    expect(second.nextCursor).toBeNull();
    const bad = await ada.call(`/artwork/${id}/history?cursor=nonsense`, 'GET');
    expect(bad.status).toBe(400);
  });

  it('every inventory route is in the OpenAPI document', async () => {
    const doc = (await (await t.request('/api/openapi.json')).json()) as { paths: Record<string, object> };
    for (const path of [
      '/artwork/{id}/inventory',
      '/artwork/{id}/history',
      '/artwork/{id}/sale',
      '/sale/{id}/return',
      '/artwork/{id}/hold',
      '/artwork/{id}/hold/release',
      '/artwork/{id}/loan',
      '/artwork/{id}/loan/return',
      '/artwork/{id}/location',
      '/artwork/{id}/location/studio',
      '/artwork/{id}/availability',
      '/artwork/{id}/pricing',
      '/artwork/{id}/edition',
      '/contact',
      '/contact/{id}',
      '/consignment',
      '/consignment/{id}',
      '/consignment/{id}/return',
    ]) {
      expect(doc.paths, path).toHaveProperty([path]);
    }
  });
});
