import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consignmentSchema, type Consignment } from '../../src/schemas/consignment.schema';
import type { Sale } from '../../src/schemas/sale.schema';
import { consignments } from '../../server/db/schema';
import { mailOverdueConsignments } from '../../server/consignments/consignment-overdue';
import { dayFromToday, inventoryClient } from '../support/inventory';
import { artworkInput, createArtwork } from '../support/portfolio';
import { createTestApp, signedInUser, type TestApp } from '../support/test-app';
import { dbLabel } from '../support/test-db';

type Client = ReturnType<typeof inventoryClient>;

describe(`consignments: works at a gallery, returned, sold through it, overdue (${dbLabel()})`, () => {
  let t: TestApp;
  let ada: Client;
  let bea: Client;
  let token: string;
  let email: string;

  beforeAll(async () => {
    t = await createTestApp({ APP_URL: 'https://studio.example' });
    const artist = await signedInUser(t);
    token = artist.idToken;
    email = artist.email;
    ada = inventoryClient(t, token);
    bea = inventoryClient(t, (await signedInUser(t)).idToken);
  });
  afterAll(() => t.close());

  const works = (n: number) =>
    Promise.all(
      Array.from({ length: n }, (_, i) =>
        createArtwork(t, token, artworkInput('PHYSICAL_2D', { title: `Work ${i + 1}` })).then((a) => a.artworkId),
      ),
    );
  const consign = (json: object) => ada.call('/consignment', 'POST', json);
  const terms = () => ({ commissionPercent: 40, startsOn: dayFromToday(0), endsOn: dayFromToday(90) });

  it('consign three works and return one: custody follows, the consignment says what is still out', async () => {
    const gallery = await ada.contact({ name: 'Galerie Nord', kind: 'gallery' });
    const ids = await works(3);
    const made = consignmentSchema.parse(
      await ada.ok<Consignment>(await consign({ contactId: gallery.contactId, artworkIds: ids, ...terms() }), 201),
    );
    expect(made).toMatchObject({ gallery: { name: 'Galerie Nord' }, commissionPercent: 40, open: 3, overdue: false });
    for (const id of ids) {
      expect((await ada.inventory(id)).pieces[0]).toMatchObject({
        custody: 'consigned',
        consignment: { consignmentId: made.consignmentId, gallery: { name: 'Galerie Nord' } },
      });
    }
    const back = await ada.ok<Consignment>(await ada.call(`/consignment/${made.consignmentId}/return`, 'POST', { artworkIds: [ids[1]] }));
    expect(back.open).toBe(2);
    expect(back.items.find((i) => i.artworkId === ids[1])).toMatchObject({ state: 'returned', returnedOn: dayFromToday(0) });
    expect((await ada.inventory(ids[1])).pieces[0]).toMatchObject({ custody: 'studio', consignment: null });
    // Returned already: 409, and nothing else comes back with it.
    const again = await ada.call(`/consignment/${made.consignmentId}/return`, 'POST', { artworkIds: [ids[0], ids[1]] });
    expect(again.status).toBe(409);
    expect((await again.json()).message).toBe("'Work 2': It was already returned from this consignment");
    expect((await ada.inventory(ids[0])).pieces[0].custody).toBe('consigned');
  });

  it('sold through the consignment: its commission is the default, the item is sold, and it cannot be returned', async () => {
    const gallery = await ada.contact({ name: 'Galerie Sud', kind: 'gallery' });
    const [id] = await works(1);
    const made = await ada.ok<Consignment>(
      await consign({ contactId: gallery.contactId, artworkIds: [id], ...terms(), commissionPercent: 50 }),
      201,
    );
    const buyer = await ada.contact();
    const sale = await ada.ok<Sale>(
      await ada.change(id, 'sale', { contactId: buyer.contactId, date: dayFromToday(0), price: { amount: 100000, currency: 'EUR' } }),
      201,
    );
    expect(sale).toMatchObject({ consignmentId: made.consignmentId, commissionPercent: 50, commission: 50000, net: 50000 });
    const after = await ada.ok<Consignment>(await ada.call(`/consignment/${made.consignmentId}`, 'GET'));
    expect(after.items[0]).toMatchObject({ state: 'sold', saleId: sale.saleId });
    expect(after.open).toBe(0);
    const ret = await ada.call(`/consignment/${made.consignmentId}/return`, 'POST', { artworkIds: [id] });
    expect(ret.status).toBe(409);
  });

  it('the chart refuses a work that cannot go (on loan): none of the works is consigned', async () => {
    const gallery = await ada.contact({ kind: 'gallery' });
    const [free, lent] = await works(2);
    await ada.ok(await ada.change(lent, 'loan', { borrower: 'Museum', until: dayFromToday(30) }));
    const res = await consign({ contactId: gallery.contactId, artworkIds: [free, lent], ...terms() });
    expect(res.status).toBe(409);
    expect((await res.json()).message).toBe("'Work 2': Return it from the loan first");
    expect((await ada.inventory(free)).pieces[0].custody).toBe('studio');
  });

  it('bad input: a range ending before it starts, commission outside 0-100, no works, a collector as consignee (400 naming the field)', async () => {
    const gallery = await ada.contact({ kind: 'gallery' });
    const collector = await ada.contact({ kind: 'collector' });
    const [id] = await works(1);
    for (const [body, field, message] of [
      [{ startsOn: '2026-05-01', endsOn: '2026-04-30' }, 'endsOn', 'End date must be on or after the start date'],
      [{ commissionPercent: 120 }, 'commissionPercent', 'Commission must be between 0 and 100'],
      [{ artworkIds: [] }, 'artworkIds', 'Choose at least one work'],
      [{ contactId: collector.contactId }, 'contactId', 'Consign works to a contact of the kind Gallery'],
      [{ copies: [{ artworkId: id, copy: '1' }], artworkIds: [] }, 'copies.0.copy', 'This artwork is not an edition: leave the copy out'],
    ] as const) {
      const res = await consign({ contactId: gallery.contactId, artworkIds: [id], ...terms(), ...body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await res.json()).fieldErrors[field]).toEqual([message]);
    }
  });

  it("another artist's consignment, artwork or gallery: 404", async () => {
    const gallery = await ada.contact({ kind: 'gallery' });
    const [id] = await works(1);
    const made = await ada.ok<Consignment>(await consign({ contactId: gallery.contactId, artworkIds: [id], ...terms() }), 201);
    expect((await bea.call(`/consignment/${made.consignmentId}`, 'GET')).status).toBe(404);
    expect((await bea.call(`/consignment/${made.consignmentId}/return`, 'POST', { artworkIds: [id] })).status).toBe(404);
    const theirGallery = await bea.contact({ kind: 'gallery' });
    expect((await bea.call('/consignment', 'POST', { contactId: theirGallery.contactId, artworkIds: [id], ...terms() })).status).toBe(404);
    expect((await bea.call('/consignment', 'GET')).status).toBe(200);
    expect((await bea.ok<{ items: unknown[] }>(await bea.call('/consignment', 'GET'))).items).toEqual([]);
  });

  it('past its end date with works still out: flagged overdue, and mailed to the artist once', async () => {
    const gallery = await ada.contact({ name: 'Late Gallery', kind: 'gallery' });
    const [id] = await works(1);
    const made = await ada.ok<Consignment>(
      await consign({
        contactId: gallery.contactId,
        artworkIds: [id],
        commissionPercent: 30,
        startsOn: dayFromToday(-60),
        endsOn: dayFromToday(-1),
      }),
      201,
    );
    expect(made.overdue).toBe(true);
    const before = t.mails.length;
    expect(await mailOverdueConsignments(t.deps.db, t.deps.outbox)).toBeGreaterThanOrEqual(1);
    await t.sendMail();
    const mails = t.mails.slice(before).filter((m) => m.subject === 'Your consignment with Late Gallery has ended');
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: email, link: 'https://studio.example/portfolio/consignments' });
    expect(mails[0].text).toContain(`ended on ${dayFromToday(-1)}, and 1 work is still there`);
    expect(await mailOverdueConsignments(t.deps.db, t.deps.outbox)).toBe(0);
    const [row] = await t.deps.db.select().from(consignments).where(eq(consignments.id, made.consignmentId));
    expect(row.overdueMailedAt).not.toBeNull();
  });
});
