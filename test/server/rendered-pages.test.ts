import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customDomains } from '../../server/db/schema';
import {
  accountDeletedMail,
  accountExistsMail,
  addressInUseMail,
  changeEmailMail,
  inquiryMail,
  postFailedMail,
  resetPasswordMail,
  verifyEmailMail,
} from '../../server/mail/templates';
import {
  BARE_SLUG,
  bareArtwork,
  bareSnapshot,
  COLLECTION_IDS,
  fullArtwork,
  hostile,
  HOSTILE_FIELDS,
  oddArtwork,
  RICH_SLUG,
  richSnapshot,
} from '../support/hostile-site';
import { SITE_SCRIPT } from '../../server/site/styles';
import { storeSnapshot } from '../support/site-snapshot';
import { createTestApp, type TestApp } from '../support/test-app';
import { dbLabel } from '../support/test-db';

const APP = 'https://studio.example';
const DOMAIN = 'art.example.com';

/** One rendered answer: a page, the sitemap, robots.txt or a mail's HTML body. */
interface Rendered {
  name: string;
  status: number;
  type: string;
  csp: string;
  body: string;
}

/** The text a browser reads from HTML: entities (named ones the pages use, and numeric ones) decoded. */
const decode = (html: string) =>
  html
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&#x([\da-f]+);/gi, (_, n: string) => String.fromCodePoint(parseInt(n, 16)))
    .replace(/&(lt|gt|quot|amp);/g, (_, name: string) => ({ lt: '<', gt: '>', quot: '"', amp: '&' })[name]!);

/** Every <script ...> start tag of a text (JSON-LD data blocks are the only ones a page may have). */
const scriptTags = (text: string) => text.match(/<script\b[^>]*>/gi) ?? [];

/**
 * Every server-rendered page kind, rendered through the app for a fixture with markup and unicode in every field it
 * publishes: the artist's, artwork and collection pages and the sitemap on both mounts (/p/<slug> and a verified
 * custom domain), the not-found pages, the inquiry form's pages (with refused fields, refused requests, the
 * confirmation) and the mails' HTML. With RENDERED_PAGES_DIR set, each is written there (to compare the bytes of two
 * versions of the renderers: `diff -r`).
 */
describe(`every server-rendered page escapes what it shows (${dbLabel()})`, () => {
  let t: TestApp;
  const rendered: Rendered[] = [];

  const keep = async (name: string, res: Response) => {
    const body = await res.text();
    rendered.push({
      name,
      status: res.status,
      type: res.headers.get('content-type') ?? '',
      csp: res.headers.get('content-security-policy') ?? '',
      body,
    });
    return res;
  };
  const post = (p: string, body: BodyInit, type: string, host?: string) =>
    t.request(p, { method: 'POST', body, headers: { 'content-type': type, 'x-forwarded-for': '203.0.113.9', ...(host ? { host } : {}) } });

  beforeAll(async () => {
    t = await createTestApp({ APP_URL: APP, TRUST_PROXY: '1' });
    const publishedAt = new Date('2026-04-01T12:00:00Z');
    const { userId } = await storeSnapshot(t.deps.db, richSnapshot, { slug: RICH_SLUG, publishedAt });
    await storeSnapshot(t.deps.db, bareSnapshot, { slug: BARE_SLUG, publishedAt });
    await t.deps.db.insert(customDomains).values({ userId, domain: DOMAIN, token: 'fixture', verifiedAt: publishedAt });

    const mounts = [
      { mount: 'p', base: `/p/${RICH_SLUG}`, host: undefined },
      { mount: 'domain', base: '', host: DOMAIN },
    ];
    for (const { mount, base, host } of mounts) {
      const get = async (name: string, p: string) =>
        keep(`${mount}-${name}`, await t.request(`${base}${p}` || '/', { headers: host ? { host } : {} }));
      const form = (id: string) => `${base}/artworks/${encodeURIComponent(id)}/inquiry`;
      await get('artist', '');
      await get('artwork-full', `/artworks/${fullArtwork.id}`);
      await get('artwork-odd-id', `/artworks/${encodeURIComponent(oddArtwork.id)}`);
      await get('artwork-bare', `/artworks/${bareArtwork.id}`);
      await get('collection', `/collections/${COLLECTION_IDS.public}`);
      await get('collection-unlisted', `/collections/${COLLECTION_IDS.unlisted}`);
      await get('collection-empty', `/collections/${COLLECTION_IDS.empty}`);
      await get('page-not-found', '/no-such-page');
      await get('sitemap', '/sitemap.xml');
      await get('robots', '/robots.txt');
      await get('inquiry-form', `/artworks/${fullArtwork.id}/inquiry`);
      await get('inquiry-thank-you', `/artworks/${fullArtwork.id}/inquiry?inquiry=sent`);
      await get('inquiry-unknown-artwork', '/artworks/no-such-artwork/inquiry');
      const typed = new URLSearchParams({ name: hostile('buyerName'), email: hostile('buyerEmail'), message: hostile('buyerMessage') });
      await keep(`${mount}-inquiry-refused-fields`, await post(form(fullArtwork.id), typed, 'application/x-www-form-urlencoded', host));
      await keep(`${mount}-inquiry-not-a-form`, await post(form(fullArtwork.id), 'hello', 'text/plain', host));
      const long = new URLSearchParams({ name: 'A', email: 'a@b.example', message: 'x'.repeat(70_000) });
      await keep(`${mount}-inquiry-too-long`, await post(form(fullArtwork.id), long, 'application/x-www-form-urlencoded', host));
    }
    const bare = async (name: string, p: string) => keep(name, await t.request(p));
    await bare('bare-artist', `/p/${BARE_SLUG}`);
    await bare('bare-artwork', `/p/${BARE_SLUG}/artworks/${bareArtwork.id}`);
    await bare('bare-page-not-found', `/p/${BARE_SLUG}/collections/nothing`);
    await bare('bare-inquiry-thank-you', `/p/${BARE_SLUG}/artworks/${bareArtwork.id}/inquiry?inquiry=sent`);
    await bare('portfolio-not-found', '/p/zzzzzzzzzz');

    const sent = await post(
      `/p/${RICH_SLUG}/artworks/${fullArtwork.id}/inquiry`,
      new URLSearchParams({ name: hostile('buyerName'), email: 'buyer@example.com', message: hostile('buyerMessage') }),
      'application/x-www-form-urlencoded',
    );
    expect(sent.status).toBe(303);
    const mailOf = (name: string, html: string) => rendered.push({ name, status: 0, type: 'mail', csp: '', body: html });
    const inquiry = t.mails.find((m) => m.subject.startsWith('New inquiry'));
    mailOf('mail-inquiry', inquiry!.html);
    const link = `${APP}/verify-email?token=a&b="c"`;
    const to = 'ada@example.com';
    for (const [name, mail] of Object.entries({
      'verify-email': verifyEmailMail(to, link),
      'change-email': changeEmailMail(to, link),
      'reset-password': resetPasswordMail(to, link),
      'account-exists': accountExistsMail(to, link),
      'address-in-use': addressInUseMail(to, link),
      'account-deleted': accountDeletedMail(to),
      'inquiry-direct': inquiryMail(
        to,
        { artworkTitle: hostile('title'), name: hostile('buyerName'), email: 'buyer@example.com', message: hostile('buyerMessage') },
        link,
      ),
      'post-failed': postFailedMail(to, { handle: hostile('handle'), excerpt: hostile('excerpt'), reason: hostile('reason') }, link),
    }))
      mailOf(`mail-${name}`, mail.html);

    const out = process.env.RENDERED_PAGES_DIR;
    if (out) {
      fs.mkdirSync(out, { recursive: true });
      for (const r of rendered)
        fs.writeFileSync(path.join(out, `${r.name}.${r.type.startsWith('application/xml') ? 'xml' : 'html'}`), r.body);
      const index = rendered.map((r) => `${r.name}\t${r.status}\t${r.type}\t${r.csp}`).join('\n');
      fs.writeFileSync(path.join(out, 'index.tsv'), `${index}\n`);
    }
  });
  afterAll(() => t.close());

  const pages = () => rendered.filter((r) => r.type.startsWith('text/html'));

  it('renders every page kind with the status it answers', () => {
    const statuses = Object.fromEntries(rendered.map((r) => [r.name, r.status]));
    for (const mount of ['p', 'domain']) {
      for (const name of [
        'artist',
        'artwork-full',
        'artwork-odd-id',
        'artwork-bare',
        'collection',
        'collection-unlisted',
        'collection-empty',
      ])
        expect(statuses[`${mount}-${name}`], `${mount}-${name}`).toBe(200);
      expect(statuses[`${mount}-page-not-found`]).toBe(404);
      expect(statuses[`${mount}-inquiry-form`]).toBe(200);
      expect(statuses[`${mount}-inquiry-thank-you`]).toBe(200);
      expect(statuses[`${mount}-inquiry-unknown-artwork`]).toBe(404);
      expect(statuses[`${mount}-inquiry-refused-fields`]).toBe(400);
      expect(statuses[`${mount}-inquiry-not-a-form`]).toBe(415);
      expect(statuses[`${mount}-inquiry-too-long`]).toBe(413);
    }
    expect(statuses['portfolio-not-found']).toBe(404);
    expect(pages().length).toBe(rendered.filter((r) => r.type !== 'mail').length - 4);
  });

  it('shows every field of the fixture, and markup in none of them is ever taken as markup', () => {
    for (const r of rendered) {
      // The only scripts are the JSON-LD data blocks and the site's own (Esc closes the lightbox), byte for byte: a
      // field's <script> would be another start tag.
      expect(
        scriptTags(r.body.replace(`<script>${SITE_SCRIPT.js}</script>`, '')).filter((tag) => tag !== '<script type="application/ld+json">'),
        r.name,
      ).toEqual([]);
      expect(r.body, r.name).not.toContain('<script>alert');
      // Outside the JSON-LD (JSON, where a quote is only text), a quote of a field is never left raw either.
      expect(r.body.replace(/<script type="application\/ld\+json">[\s\S]*?<\/script>/g, ''), r.name).not.toContain(`'q'`);
    }
    const everything = rendered.map((r) => decode(r.body)).join('\n');
    for (const field of [...HOSTILE_FIELDS, 'buyerName', 'buyerEmail', 'buyerMessage', 'excerpt', 'reason'])
      expect(everything, field).toContain(hostile(field));
    // A post's address that is not on the web is never a link.
    expect(rendered.some((r) => r.body.includes('javascript:'))).toBe(false);
  });

  it('keeps JSON-LD parseable and exact, with no way out of its script element', () => {
    const artwork = rendered.find((r) => r.name === 'p-artwork-full')!.body;
    const blocks = [...artwork.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => m[1]);
    expect(blocks).toHaveLength(1);
    expect(blocks[0]).not.toMatch(/[<>]/);
    const data = JSON.parse(blocks[0]);
    expect(data.name).toBe(hostile('title'));
    expect(data.creator.name).toBe(hostile('artist'));
    expect(data.height).toEqual({ '@type': 'QuantitativeValue', value: 50, unitCode: 'CMT', unitText: 'cm' });
  });

  it("carries, in every page's CSP, the hash of the exact bytes of its one inline stylesheet", () => {
    for (const r of pages()) {
      const styles = [...r.body.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]);
      expect(styles, r.name).toHaveLength(1);
      const hash = createHash('sha256').update(styles[0]).digest('base64');
      expect(r.csp, r.name).toContain(`style-src 'sha256-${hash}'`);
    }
  });
});
