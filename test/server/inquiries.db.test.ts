import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inquiryPageSchema, inquirySchema, type InquiryPage } from '../../src/schemas/inquiry.schema';
import { inquiries, mailOutbox, publications } from '../../server/db/schema';
import { INQUIRY_LIMITS } from '../../server/inquiries/inquiry.handler';
import { readSnapshot, type PublishedSnapshot } from '../../server/publish/snapshot';
import { artworkInput, createArtwork } from '../support/portfolio';
import { createTestApp, signedInUser, type TestApp } from '../support/test-app';
import { dbLabel } from '../support/test-db';

type Artist = Awaited<ReturnType<typeof signedInUser>>;

let n = 0;
/** A client address of its own, so each test counts against its own limit. */
const freshIp = () => `198.51.${Math.floor(++n / 250)}.${n % 250}`;
const BUYER = {
  name: 'Grace Hopper',
  email: 'grace@buyer.example',
  message: 'Is Blue Harbour still available?\nI would collect it in person.',
};

describe(`inquiries: a buyer's message from the public site reaches the artist (${dbLabel()})`, () => {
  let t: TestApp;
  let ada: Artist;
  let bea: Artist;
  let slug: string;
  let beaSlug: string;
  let harbourId: string;
  let beaArtworkId: string;

  const publish = async (artist: Artist) => {
    const res = await t.request('/api/publish', { method: 'POST', token: artist.idToken });
    expect(res.status).toBe(200);
    return new URL(((await res.json()) as { url: string }).url).pathname.split('/')[2];
  };
  const formPath = (s: string, artworkId: string) => `/p/${s}/artworks/${artworkId}/inquiry`;
  const send = (path: string, fields: Record<string, string>, ip = freshIp(), holdMail = false) =>
    t.request(path, { method: 'POST', body: new URLSearchParams(fields), headers: { 'x-forwarded-for': ip }, holdMail });
  const list = async (artist: Artist, query = ''): Promise<InquiryPage> => {
    const res = await t.request(`/api/inquiries${query}`, { token: artist.idToken });
    expect(res.status).toBe(200);
    return inquiryPageSchema.parse(await res.json());
  };
  const stored = async () => (await t.deps.db.select({ id: inquiries.id }).from(inquiries)).length;

  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: '1', APP_URL: 'https://studio.example' });
    ada = await signedInUser(t, 'ada.inquiries@example.com');
    await t.request('/api/user', { method: 'POST', token: ada.idToken, json: { firstName: 'Ada', lastName: 'Lovelace' } });
    harbourId = (await createArtwork(t, ada.idToken, artworkInput('PHYSICAL_2D', { title: 'Blue Harbour' }))).artworkId;
    slug = await publish(ada);
    bea = await signedInUser(t, 'bea.inquiries@example.com');
    beaArtworkId = (await createArtwork(t, bea.idToken, artworkInput('PHYSICAL_2D', { title: 'Quiet Field' }))).artworkId;
    beaSlug = await publish(bea);
  });
  afterAll(() => t.close());

  it('the form page is plain HTML: labelled fields, a honeypot out of the tab order, posting only to its own origin', async () => {
    const res = await t.request(formPath(slug, harbourId));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toContain("form-action 'self'");
    expect(res.headers.get('content-security-policy')).not.toContain('script-src');
    const html = await res.text();
    expect(html).toContain(`<form class="inquiry" method="post" action="${formPath(slug, harbourId)}"`);
    expect(html).toContain('Ask about “Blue Harbour” by Ada Lovelace');
    for (const [id, label] of [
      ['inquiry-name', 'Your name'],
      ['inquiry-email', 'Your e-mail address'],
      ['inquiry-message', 'Message'],
    ]) {
      expect(html).toContain(`<label class="inquiry-label" for="${id}">${label}</label>`);
      expect(html).toMatch(new RegExp(`id="${id}"[^>]* required`));
    }
    expect(html).toContain('autocomplete="name"');
    expect(html).toContain('autocomplete="email"');
    expect(html).toMatch(/<div class="inquiry-trap" aria-hidden="true">.*name="website" type="text" tabindex="-1" autocomplete="off"/);
  });

  it('a message is stored, mailed to the artist with Reply-To the buyer, and listed in the app as mailed', async () => {
    const before = t.mails.length;
    // As a browser sends a textarea: line breaks as CR LF.
    const res = await send(formPath(slug, harbourId), { ...BUYER, message: BUYER.message.replace('\n', '\r\n') });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`${formPath(slug, harbourId)}?inquiry=sent#inquiry`);

    const mail = t.mails.slice(before).find((m) => m.subject === 'New inquiry about Blue Harbour');
    expect(mail).toBeDefined();
    expect(mail!.to).toBe('ada.inquiries@example.com');
    expect(mail!.replyTo).toEqual({ name: 'Grace Hopper', address: 'grace@buyer.example' });
    expect(mail!.text).toContain(BUYER.message);
    expect(mail!.text).toContain('https://studio.example/portfolio/inquiries');

    const page = await list(ada);
    expect(page.items[0]).toMatchObject({
      artworkId: harbourId,
      artworkTitle: 'Blue Harbour',
      name: BUYER.name,
      email: BUYER.email,
      message: BUYER.message,
      mailed: true,
      read: false,
    });
    expect(page.unreadCount).toBe(1);

    const confirmation = await (await t.request(res.headers.get('location')!.replace('#inquiry', ''))).text();
    expect(confirmation).toContain('Thank you — your message was sent to Ada Lovelace.');
    expect(confirmation).not.toContain('<form');
  });

  it('refused fields come back with their messages, tied to their fields, and the buyer’s text kept; nothing is stored', async () => {
    const before = await stored();
    const typed = { name: '  ', email: 'not-an-address', message: `<b>Hello</b> ${'x'.repeat(5000)}` };
    const res = await send(formPath(slug, harbourId), typed);
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('<p class="inquiry-error" id="inquiry-name-error">Please enter your name</p>');
    expect(html).toContain('<p class="inquiry-error" id="inquiry-email-error">Enter a valid email address</p>');
    expect(html).toContain('<p class="inquiry-error" id="inquiry-message-error">Your message must be at most 5000 characters</p>');
    expect(html).toMatch(/id="inquiry-name"[^>]*aria-invalid="true" aria-describedby="inquiry-name-error" autofocus/);
    expect(html).toContain('value="not-an-address"');
    // Escaped, and whole: the buyer can shorten it rather than type it again.
    expect(html).toContain(`&lt;b&gt;Hello&lt;/b&gt; ${'x'.repeat(5000)}</textarea>`);
    expect(await stored()).toBe(before);

    const empty = await send(formPath(slug, harbourId), { name: 'Grace', email: 'grace@buyer.example', message: '' });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain('Please write your message');
  });

  it('a filled honeypot is answered like a success, and nothing is stored or mailed', async () => {
    const before = { stored: await stored(), mails: t.mails.length };
    const res = await send(formPath(slug, harbourId), { ...BUYER, website: 'https://spam.example' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`${formPath(slug, harbourId)}?inquiry=sent#inquiry`);
    expect(await stored()).toBe(before.stored);
    expect(t.mails.length).toBe(before.mails);
  });

  it('only an artwork of a live portfolio takes a message: unknown slug, unknown or unpublished artwork answer 404', async () => {
    const later = (await createArtwork(t, ada.idToken, artworkInput('PHYSICAL_2D', { title: 'Not yet published' }))).artworkId;
    for (const path of [
      formPath('aaaaaaaaaa', harbourId),
      formPath('not-a-slug', harbourId),
      formPath(slug, '00000000-0000-4000-8000-000000000000'),
      formPath(slug, 'anything'),
      formPath(slug, later),
      // Another artist's artwork, under this artist's address.
      formPath(slug, beaArtworkId),
    ]) {
      const res = await send(path, BUYER);
      expect(res.status, path).toBe(404);
      expect(await res.text()).toContain('This artwork is not on the public portfolio');
      expect((await t.request(path)).status, `GET ${path}`).toBe(404);
    }
  });

  it('too many messages from one address answer 429 with Retry-After and the text kept', async () => {
    const ip = freshIp();
    for (let i = 0; i < INQUIRY_LIMITS.perAddress.max; i++)
      expect((await send(formPath(beaSlug, beaArtworkId), BUYER, ip, true)).status).toBe(303);
    const res = await send(formPath(beaSlug, beaArtworkId), { ...BUYER, message: 'One more question' }, ip, true);
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    const html = await res.text();
    expect(html).toMatch(
      /<p class="inquiry-alert" role="alert">Too many messages were sent from your connection in a short time\. Please try again in \d+ minute\(s\)/,
    );
    expect(html).toContain('One more question</textarea>');
    // Another address is not held back by this one.
    expect((await send(formPath(beaSlug, beaArtworkId), BUYER, freshIp(), true)).status).toBe(303);
  });

  it('IPv6 senders count by their /64: five addresses of one network use up its messages, another network is not held back', async () => {
    const network = '2001:db8:5:64';
    for (let i = 1; i <= INQUIRY_LIMITS.perAddress.max; i++)
      expect((await send(formPath(beaSlug, beaArtworkId), BUYER, `${network}:${i}::${i}`, true)).status).toBe(303);
    expect((await send(formPath(beaSlug, beaArtworkId), BUYER, `${network}:ffff:ffff:ffff:ffff`, true)).status).toBe(429);
    expect((await send(formPath(beaSlug, beaArtworkId), BUYER, '2001:db8:5:65::1', true)).status).toBe(303);
    // The same IPv4 address written as IPv6 is that address.
    const ip = freshIp();
    for (let i = 0; i < INQUIRY_LIMITS.perAddress.max; i++)
      expect((await send(formPath(beaSlug, beaArtworkId), BUYER, i % 2 ? ip : `::ffff:${ip}`, true)).status).toBe(303);
    expect((await send(formPath(beaSlug, beaArtworkId), BUYER, ip, true)).status).toBe(429);
  });

  it('too many messages to one artist from many addresses answer 429 too', async () => {
    const cleo = await signedInUser(t, 'cleo.inquiries@example.com');
    const art = (await createArtwork(t, cleo.idToken, artworkInput('PHYSICAL_2D', { title: 'Salt' }))).artworkId;
    const cleoSlug = await publish(cleo);
    for (let i = 0; i < INQUIRY_LIMITS.perArtist.max; i++)
      expect((await send(formPath(cleoSlug, art), BUYER, freshIp(), true)).status).toBe(303);
    const res = await send(formPath(cleoSlug, art), BUYER, freshIp(), true);
    expect(res.status).toBe(429);
    expect(await res.text()).toContain('This artist has received many messages in a short time.');
    expect((await list(cleo)).unreadCount).toBe(INQUIRY_LIMITS.perArtist.max);
    await t.sendMail();
  });

  it('with mail down the inquiry is kept and shown unmailed; once mail is back it goes out and mailedAt is set', async () => {
    t.setMailDown(true);
    try {
      const res = await send(formPath(slug, harbourId), { ...BUYER, message: 'Sent while mail is down' });
      expect(res.status).toBe(303);
      const [kept] = (await list(ada)).items;
      expect(kept).toMatchObject({ message: 'Sent while mail is down', mailed: false });
      const [row] = await t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.inquiryId, kept.inquiryId));
      expect(row.kind).toBe('inquiry');
      expect(row.error).toContain('421');
    } finally {
      t.setMailDown(false);
    }
    const before = t.mails.length;
    // The retry is due later; as if that time had come.
    await t.deps.db.update(mailOutbox).set({ dueAt: sql`now()` });
    await t.sendMail();
    expect(t.mails.slice(before).map((m) => m.text)).toEqual([expect.stringContaining('Sent while mail is down')]);
    const [mailed] = (await list(ada)).items;
    expect(mailed).toMatchObject({ message: 'Sent while mail is down', mailed: true });
    const [row] = await t.deps.db.select({ mailedAt: inquiries.mailedAt }).from(inquiries).where(eq(inquiries.id, mailed.inquiryId));
    expect(row.mailedAt).toBeInstanceOf(Date);
  });

  it('one artist never reads or marks another’s inquiries', async () => {
    const adas = await list(ada);
    const beas = await list(bea);
    expect(beas.items.length).toBeGreaterThan(0);
    expect(beas.items.every((i) => i.artworkTitle === 'Quiet Field')).toBe(true);
    expect(adas.items.every((i) => i.artworkTitle === 'Blue Harbour')).toBe(true);
    const res = await t.request(`/api/inquiries/${adas.items[0].inquiryId}/read`, { method: 'POST', token: bea.idToken });
    expect(res.status).toBe(404);
    expect((await list(ada)).items[0].read).toBe(false);
    expect((await t.request('/api/inquiries')).status).toBe(401);
  });

  it('marking read is kept and counted; marking again changes nothing', async () => {
    const before = await list(ada);
    const id = before.items[0].inquiryId;
    for (let i = 0; i < 2; i++) {
      const res = await t.request(`/api/inquiries/${id}/read`, { method: 'POST', token: ada.idToken });
      expect(res.status).toBe(200);
      expect(inquirySchema.parse(await res.json()).read).toBe(true);
    }
    expect((await list(ada)).unreadCount).toBe(before.unreadCount - 1);
    expect((await t.request('/api/inquiries/nope/read', { method: 'POST', token: ada.idToken })).status).toBe(400);
  });

  it('pages newest first with nextCursor, like the journal', async () => {
    const all = await list(bea, '?limit=100');
    expect(all.items.length).toBeGreaterThanOrEqual(3);
    const first = await list(bea, '?limit=2');
    expect(first.items.map((i) => i.inquiryId)).toEqual(all.items.slice(0, 2).map((i) => i.inquiryId));
    const second = await list(bea, `?limit=2&cursor=${first.nextCursor}`);
    expect(second.items.map((i) => i.inquiryId)).toEqual(all.items.slice(2, 4).map((i) => i.inquiryId));
    const dates = all.items.map((i) => i.createdDate);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect((await t.request('/api/inquiries?cursor=bogus', { token: bea.idToken })).status).toBe(400);
  });

  it('a body that is too large or not a form is refused without storing anything', async () => {
    const before = await stored();
    const big = await send(formPath(slug, harbourId), { ...BUYER, message: 'x'.repeat(70 * 1024) });
    expect(big.status).toBe(413);
    const json = await t.request(formPath(slug, harbourId), { method: 'POST', json: BUYER, headers: { 'x-forwarded-for': freshIp() } });
    expect(json.status).toBe(415);
    expect(await stored()).toBe(before);
  });

  it('a portfolio published before artworks carried their id takes no message until it is published again', async () => {
    const [row] = await t.deps.db.select({ snapshot: publications.snapshot }).from(publications).where(eq(publications.slug, slug));
    const live = readSnapshot(row.snapshot);
    // Format 1: one page, artworks without ids or collections.
    const withoutIds: PublishedSnapshot = {
      version: live.version,
      artist: live.artist,
      artworks: live.artworks.map(({ title, year, medium, description, tags, dimensions, saleStatus }) => ({
        title,
        year,
        medium,
        description,
        tags,
        dimensions,
        saleStatus,
        image: null,
      })),
    };
    await t.deps.db.update(publications).set({ snapshot: withoutIds }).where(eq(publications.slug, slug));
    expect((await send(formPath(slug, harbourId), BUYER)).status).toBe(404);
    await publish(ada);
    expect((await send(formPath(slug, harbourId), BUYER)).status).toBe(303);
  });
});
