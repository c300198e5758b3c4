import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactDetailSchema, type ContactDetail } from '../../src/schemas/contact-detail.schema';
import { contactSchema, type Contact, type ContactList } from '../../src/schemas/contact.schema';
import type { Inquiry } from '../../src/schemas/inquiry.schema';
import { dayFromToday, inventoryClient } from '../support/inventory';
import { artworkInput, createArtwork } from '../support/portfolio';
import { createTestApp, signedInUser, type TestApp } from '../support/test-app';
import { dbLabel } from '../support/test-db';

type Client = ReturnType<typeof inventoryClient>;

describe(`contacts: the people and galleries an artist deals with (${dbLabel()})`, () => {
  let t: TestApp;
  let ada: Client;
  let bea: Client;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: '1' });
    token = (await signedInUser(t)).idToken;
    ada = inventoryClient(t, token);
    bea = inventoryClient(t, (await signedInUser(t)).idToken);
  });
  afterAll(() => t.close());

  it('create, read, list by name with search and kind, replace, delete', async () => {
    const grace = contactSchema.parse(
      await ada.contact({
        name: '  Grace Hopper ',
        email: 'Grace@Example.com',
        phone: '+1 555 0100',
        address: '1 Navy Yard',
        notes: 'Likes blue',
      }),
    );
    expect(grace).toMatchObject({ name: 'Grace Hopper', email: 'grace@example.com', kind: 'collector' });
    await ada.contact({ name: 'Annex Gallery', kind: 'gallery' });
    const list = async (q: string) => (await ada.ok<ContactList>(await ada.call(`/contact${q}`, 'GET'))).items.map((c) => c.name);
    expect(await list('')).toEqual(['Annex Gallery', 'Grace Hopper']);
    expect(await list('?q=grace%40')).toEqual(['Grace Hopper']);
    expect(await list('?kind=gallery')).toEqual(['Annex Gallery']);
    const replaced = await ada.ok<Contact>(
      await ada.call(`/contact/${grace.contactId}`, 'PUT', { name: 'Grace B. Hopper', kind: 'institution' }),
    );
    expect(replaced).toMatchObject({ name: 'Grace B. Hopper', kind: 'institution', email: '', notes: '' });
    expect((await ada.call(`/contact/${grace.contactId}`, 'DELETE')).status).toBe(204);
    expect((await ada.call(`/contact/${grace.contactId}`, 'GET')).status).toBe(404);
  });

  it.each([
    [{ name: '' }, 'name', 'Name is required'],
    [{ kind: 'friend' }, 'kind', 'Kind must be collector, gallery, institution or other'],
    [{ email: 'not-an-address' }, 'email', 'Enter a valid email address'],
    [{ name: 'x'.repeat(201) }, 'name', 'Name must be at most 200 characters'],
  ])('bad input %j: 400 naming %s', async (body, field, message) => {
    const res = await ada.call('/contact', 'POST', { name: 'Someone', kind: 'collector', ...body });
    expect(res.status).toBe(400);
    expect((await res.json()).fieldErrors[field]).toEqual([message]);
  });

  it("the contact's page lists their purchases and holds; a contact with a purchase cannot be deleted (409)", async () => {
    const buyer = await ada.contact({ name: 'Collector One' });
    const [sold, held] = await Promise.all([
      createArtwork(t, token, artworkInput('PHYSICAL_2D', { title: 'Sold one' })),
      createArtwork(t, token, artworkInput('PHYSICAL_2D', { title: 'Held one' })),
    ]);
    await ada.ok(
      await ada.change(sold.artworkId, 'sale', {
        contactId: buyer.contactId,
        date: '2026-01-10',
        price: { amount: 5000, currency: 'EUR' },
      }),
      201,
    );
    await ada.ok(await ada.change(held.artworkId, 'hold', { contactId: buyer.contactId, until: dayFromToday(4) }));
    const page = contactDetailSchema.parse(await ada.ok<ContactDetail>(await ada.call(`/contact/${buyer.contactId}`, 'GET')));
    expect(page.purchases.map((s) => [s.artworkTitle, s.date, s.net])).toEqual([['Sold one', '2026-01-10', 5000]]);
    expect(page.holds.map((h) => h.title)).toEqual(['Held one']);
    const del = await ada.call(`/contact/${buyer.contactId}`, 'DELETE');
    expect(del.status).toBe(409);
    expect((await del.json()).code).toBe('CONTACT_IN_USE');
  });

  it('an inquiry is linked to the contact with its address, or makes one on the click (once)', async () => {
    const artwork = await createArtwork(t, token, artworkInput('PHYSICAL_2D', { title: 'Asked about' }));
    const slug = new URL(((await (await ada.call('/publish', 'POST')).json()) as { url: string }).url).pathname.split('/')[2];
    const send = (email: string) =>
      t.request(`/p/${slug}/artworks/${artwork.artworkId}/inquiry`, {
        method: 'POST',
        body: new URLSearchParams({ name: 'Buyer Person', email, message: 'Still available?' }),
        headers: { 'x-forwarded-for': `203.0.113.${Math.floor(Math.random() * 200)}` },
      });
    await send('known@buyer.example');
    await send('new@buyer.example');
    const known = await ada.contact({ name: 'Known Buyer', email: 'KNOWN@buyer.example' });
    const inquiries = (await ada.ok<{ items: Inquiry[] }>(await ada.call('/inquiries', 'GET'))).items;
    const byEmail = (e: string) => inquiries.find((i) => i.email === e)!;
    const linked = await ada.call(`/inquiries/${byEmail('known@buyer.example').inquiryId}/contact`, 'POST');
    expect(linked.status).toBe(200);
    expect((await linked.json()).contactId).toBe(known.contactId);
    const made = await ada.call(`/inquiries/${byEmail('new@buyer.example').inquiryId}/contact`, 'POST');
    expect(made.status).toBe(201);
    const created = (await made.json()) as Contact;
    expect(created).toMatchObject({ name: 'Buyer Person', email: 'new@buyer.example', kind: 'collector' });
    const twice = await ada.call(`/inquiries/${byEmail('new@buyer.example').inquiryId}/contact`, 'POST');
    expect(twice.status).toBe(200);
    expect((await twice.json()).contactId).toBe(created.contactId);
    const page = await ada.ok<ContactDetail>(await ada.call(`/contact/${known.contactId}`, 'GET'));
    expect(page.inquiries.map((i) => [i.artworkTitle, i.message])).toEqual([['Asked about', 'Still available?']]);
  });

  it("another artist's contact answers 404 to every call and is left untouched", async () => {
    const mine = await ada.contact({ name: 'Mine' });
    for (const [method, json] of [['GET'], ['PUT', { name: 'Stolen', kind: 'other' }], ['DELETE']] as const) {
      const res = await bea.call(`/contact/${mine.contactId}`, method, json);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ message: 'Contact not found.' });
    }
    const page = await ada.ok<ContactDetail>(await ada.call(`/contact/${mine.contactId}`, 'GET'));
    expect(page.contact.name).toBe('Mine');
  });
});
