import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PublishResult, publicationSchema, publishResultSchema } from '../../src/schemas/publish.schema';
import { findPublication, snapshotFiles } from '../../server/publish/publish.service';
import { SITE_SCRIPT } from '../../server/site/styles';
import {
  addMedia,
  artworkInput,
  createArtwork,
  hasGpsPointer,
  makeJpeg,
  pathOf,
  publishedFolder,
  readBody,
  storedFiles,
} from '../support/portfolio';
import { createTestApp, signedInUser, type TestApp } from '../support/test-app';
import { dbLabel } from '../support/test-db';

describe(`publishing the public portfolio (${dbLabel()})`, () => {
  let t: TestApp;
  let ada: Awaited<ReturnType<typeof signedInUser>>;
  let adaId: string;
  let first: PublishResult;
  let slug: string;
  /** Where its images are stored: published/<folder>/<version>/. */
  let folder: string;
  let page: string;
  const ids: string[] = [];
  const mediaIds: string[] = [];

  const publish = async (token = ada.idToken) => {
    const res = await t.request('/api/publish', { method: 'POST', token });
    expect(res.status, await res.clone().text()).toBe(200);
    return publishResultSchema.parse(await res.json());
  };
  const open = (path: string, headers: Record<string, string> = {}) => t.request(path, { headers });
  const imageSources = (html: string) => [...html.matchAll(/<img src="([^"]+)"/g)].map((m) => m[1]);
  /** The pages of the artworks the artist's page links to (each work's facts are on its own page), in its order. */
  const artworkPages = async (html: string) =>
    Promise.all([...html.matchAll(/<a class="card" href="([^"]+)"/g)].map(async (m) => (await open(m[1])).text()));

  beforeAll(async () => {
    t = await createTestApp({ APP_URL: 'https://studio.example' });
    ada = await signedInUser(t, 'ada.private@example.com');
    await t.request('/api/user', { method: 'POST', token: ada.idToken, json: { firstName: 'Ada', lastName: 'Lovelace' } });
    adaId = (await (await t.request('/api/user', { token: ada.idToken })).json()).userId;

    const harbour = await createArtwork(
      t,
      ada.idToken,
      artworkInput('PHYSICAL_2D', {
        title: 'Blue Harbour',
        year: 2021,
        medium: 'Oil on canvas',
        description: 'Morning light.\nSecond line.',
        saleStatus: 'AVAILABLE',
      }),
    );
    const photo = await makeJpeg(2400, 1800, { orientation: 6, gps: true });
    mediaIds.push((await addMedia(t, ada.idToken, harbour.artworkId, photo, 'image/jpeg', 'IMG_0001.jpg')).mediaId);
    const bird = await createArtwork(
      t,
      ada.idToken,
      artworkInput('PHYSICAL_3D', { title: 'Stone Bird', year: 2019, medium: 'Bronze', saleStatus: 'SOLD', tags: ['sculpture'] }),
    );
    mediaIds.push((await addMedia(t, ada.idToken, bird.artworkId, await makeJpeg(300, 200), 'image/jpeg')).mediaId);
    const song = await createArtwork(
      t,
      ada.idToken,
      artworkInput('AUDIO', {
        title: '<script>alert("x")</script> & \'Song\'',
        year: null,
        medium: '',
        saleStatus: 'NOT_FOR_SALE',
        description: '',
      }),
    );
    ids.push(harbour.artworkId, bird.artworkId, song.artworkId);

    first = await publish();
    slug = first.url.split('/').pop()!;
    folder = await publishedFolder(t, slug);
    page = await (await open(`/p/${slug}`)).text();
  });
  afterAll(() => t.close());

  it('answers a stable public address, when, and how many artworks', () => {
    expect(first.url).toMatch(/^https:\/\/studio\.example\/p\/[a-z2-7]{10}$/);
    expect(Date.now() - new Date(first.publishedAt).getTime()).toBeLessThan(60_000);
    expect(first.artworkCount).toBe(3);
  });

  it('the page opens without signing in: self-contained HTML with the artist, every artwork and its facts', async () => {
    const res = await open(`/p/${slug}`);
    const everyPage = [page, ...(await artworkPages(page))].join('\n');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html; charset=utf-8/i);
    expect(page).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(page).toContain('<title>Ada Lovelace – Portfolio</title>');
    expect(page).toContain('<h1>Ada Lovelace</h1>');
    expect(page).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    for (const text of [
      'Blue Harbour',
      '2021 · Oil on canvas',
      '50 × 70 cm',
      'Available',
      'Morning light.\nSecond line.',
      'Stone Bird',
      '2019 · Bronze',
      '12 × 8 × 4.5 in',
      'Sold',
      'sculpture',
      '3:25',
      'Not For Sale',
    ]) {
      expect(everyPage, text).toContain(text);
    }
    // Newest first; each artwork is a heading of its own.
    expect([...page.matchAll(/<h3>([^<]*)<\/h3>/g)].map((m) => m[1])).toEqual([
      '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;Song&#39;',
      'Stone Bird',
      'Blue Harbour',
    ]);
    // No script to run (JSON-LD is data; the artwork page's one script is the site's own, closing the lightbox on Esc).
    expect(page.replace(/<script type="application\/ld\+json">/g, '')).not.toMatch(/<script/i);
    for (const other of await artworkPages(page))
      expect(other.replace(/<script type="application\/ld\+json">/g, '').replace(`<script>${SITE_SCRIPT.js}</script>`, '')).not.toMatch(
        /<script/i,
      );
    expect(page).toContain('No image');
  });

  it('images have alt texts and sizes, and are served publicly with a long cache', async () => {
    const [, bird, harbour] = await artworkPages(page);
    expect(harbour).toContain('alt="Blue Harbour"');
    expect(bird).toContain('alt="Stone Bird"');
    const sources = imageSources(page);
    // The fallback is the first size at least 600 px wide: the harbour's medium one (its sm is 450 px wide).
    expect(sources).toEqual([`/p/${slug}/images/1-2-xs.webp`, `/p/${slug}/images/1-3-md.webp`]);
    expect(page).toMatch(/width="720" height="960"/);
    const res = await open(sources[1]);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(await readBody(res)).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 720, 960]);
  });

  it('leaks nothing private: no email, no user or media ids, no originals, no camera metadata or GPS', async () => {
    // Artwork ids are public: each names its work's page (<site>/artworks/<id>), the same across publishes.
    for (const secret of ['ada.private@example.com', adaId, ...mediaIds, '/api/', 'original', 'IMG_0001']) {
      expect(page, secret).not.toContain(secret);
    }
    for (const src of imageSources(page)) {
      const bytes = await readBody(await open(src));
      const meta = await sharp(bytes).metadata();
      // Only the artist's credit (publish-site.test.ts reads it field by field).
      expect(hasGpsPointer(meta.exif)).toBe(false);
      expect(meta.icc).toBeUndefined();
      expect(bytes.includes('Secret Model')).toBe(false);
      expect(bytes.includes('TestCam')).toBe(false);
    }
    // The page's files are copies under published/<folder>/ (a random name, not the address's): never the private media files.
    const published = (await storedFiles(t)).filter((f) => f.startsWith(`published/${folder}/`));
    // The small bird is published in one size (its larger variants are no larger); the harbour in four.
    expect(published.sort()).toEqual([
      `published/${folder}/1/2-xs.webp`,
      `published/${folder}/1/3-lg.webp`,
      `published/${folder}/1/3-md.webp`,
      `published/${folder}/1/3-sm.webp`,
      `published/${folder}/1/3-xs.webp`,
    ]);
  });

  it('headers: a strict CSP matching the inline style, nosniff, revalidation with an ETag', async () => {
    const res = await open(`/p/${slug}`);
    const csp = res.headers.get('content-security-policy')!;
    const style = /<style>([\s\S]*?)<\/style>/.exec(page)![1];
    expect(csp).toContain(`style-src 'sha256-${createHash('sha256').update(style).digest('base64')}'`);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("img-src 'self'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('public, no-cache');
    const etag = res.headers.get('etag')!;
    expect((await open(`/p/${slug}`, { 'if-none-match': etag })).status).toBe(304);
  });

  it('is a snapshot: later edits show only after publishing again, at the same address; the old images are gone', async () => {
    await t.request(`/api/artwork/${ids[0]}`, {
      method: 'PUT',
      token: ada.idToken,
      json: artworkInput('PHYSICAL_2D', { title: 'Harbour at Dusk', saleStatus: 'NOT_FOR_SALE' }),
    });
    await t.request(`/api/artwork/${ids[1]}`, { method: 'DELETE', token: ada.idToken });
    const unchanged = await (await open(`/p/${slug}`)).text();
    expect(unchanged).toContain('Blue Harbour');
    expect(unchanged).not.toContain('Harbour at Dusk');
    expect(unchanged).toContain('Stone Bird');
    // The deleted artwork's published image is a copy: it stays until the next publish.
    expect((await open(`/p/${slug}/images/1-2-xs.webp`)).status).toBe(200);

    const second = await publish();
    expect(second.url).toBe(first.url);
    expect(second.artworkCount).toBe(2);
    const updated = await (await open(`/p/${slug}`)).text();
    expect(updated).toContain('Harbour at Dusk');
    expect(updated).not.toContain('Blue Harbour');
    expect(updated).not.toContain('Stone Bird');
    expect(imageSources(updated)).toEqual([`/p/${slug}/images/2-2-md.webp`]);
    for (const old of ['1-2-xs', '1-3-xs', '1-3-sm', '1-3-md', '1-3-lg'])
      expect((await open(`/p/${slug}/images/${old}.webp`)).status, old).toBe(404);
    expect((await open(`/p/${slug}/images/2-2-lg.webp`)).status).toBe(200);
    expect((await open(`/p/${slug}/images/2-2-md.webp`)).status).toBe(200);
    expect((await open(`/p/${slug}/images/2-2-sm.webp`)).status).toBe(200);
    expect((await open(`/p/${slug}/images/2-2-xs.webp`)).status).toBe(200);
    expect((await storedFiles(t)).filter((f) => f.startsWith(`published/${folder}/`))).toEqual([
      `published/${folder}/2/2-lg.webp`,
      `published/${folder}/2/2-md.webp`,
      `published/${folder}/2/2-sm.webp`,
      `published/${folder}/2/2-xs.webp`,
    ]);
  });

  it('two publishes at once leave one snapshot, and only its images', async () => {
    const results = await Promise.all([publish(), publish(), publish()]);
    expect(new Set(results.map((r) => r.url))).toEqual(new Set([first.url]));
    const live = (await findPublication(t.deps.db, slug))!.snapshot;
    const expected = snapshotFiles(folder, live).sort();
    expect(expected.length).toBeGreaterThan(0);
    for (const key of expected) expect((await open(`/p/${slug}/images/${live.version}-${key.split('/').pop()}`)).status).toBe(200);
    expect((await storedFiles(t)).filter((f) => f.startsWith(`published/${folder}/`)).sort()).toEqual(expected);
  });

  it("another artist's address shows only theirs; an artist without a name is 'Portfolio'", async () => {
    const bob = await signedInUser(t);
    await createArtwork(t, bob.idToken, artworkInput('DIGITAL_2D', { title: 'Pixel Sea' }));
    const his = await publish(bob.idToken);
    const hisSlug = his.url.split('/').pop()!;
    expect(hisSlug).not.toBe(slug);
    const html = await (await open(`/p/${hisSlug}`)).text();
    expect(html).toContain('Pixel Sea');
    expect((await artworkPages(html)).join('')).toContain('1920 × 1080 px');
    expect(html).toContain('<h1>Portfolio</h1>');
    expect(html).toContain('<title>Portfolio</title>');
    for (const other of ['Ada', 'Harbour', bob.email]) expect(html).not.toContain(other);
    // Her images are not reachable under his address.
    expect((await open(`/p/${hisSlug}/images/2-2-lg.webp`)).status).toBe(404);
  });

  it('with no artworks the page says so', async () => {
    const carol = await signedInUser(t);
    const result = await publish(carol.idToken);
    expect(result.artworkCount).toBe(0);
    expect(await (await open(pathOf(result.url))).text()).toContain('No artworks yet.');
  });

  it.each(['/p/abcdefghij', '/p/short', '/p/ABCDEFGHIJ', '/p/..%2f..%2fetc'])('%s answers a 404 page', async (path) => {
    const res = await open(path);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<h1>Portfolio not found</h1>');
  });

  it.each(['x.webp', '2-9-lg.webp', '2-2-lg.png', '2-2-xl.webp', '2-2-lg', '1-3-lg.webp', '2-2-lg.webp.meta.json', '..%2F2%2F2-lg.webp'])(
    'image %s that is not part of the snapshot answers 404',
    async (file) => {
      expect((await open(`/p/${slug}/images/${file}`)).status).toBe(404);
    },
  );

  it('needs a signed-in artist to publish', async () => {
    expect((await t.request('/api/publish', { method: 'POST' })).status).toBe(401);
  });

  it('GET /api/publish answers the last address and date after a reload, null before the first publish, only to its artist', async () => {
    const lastOf = async (token?: string) => {
      const res = await t.request('/api/publish', { token });
      return { status: res.status, body: res.status === 200 ? publicationSchema.parse(await res.json()) : null };
    };
    const again = await publish();
    expect(await lastOf(ada.idToken)).toEqual({ status: 200, body: { url: first.url, publishedAt: again.publishedAt, slug } });
    const dora = await signedInUser(t);
    expect(await lastOf(dora.idToken)).toEqual({ status: 200, body: null });
    expect((await lastOf()).status).toBe(401);
  });
});

describe('formatting for the public page', () => {
  it.each([
    [{ mediaType: 'PHYSICAL_2D', measurementSystem: 'metric', height: 50, width: 70 }, '50 × 70 cm'],
    [{ mediaType: 'PHYSICAL_2D', measurementSystem: 'imperial', height: 24.25, width: 36 }, '24.25 × 36 in'],
    [{ mediaType: 'PHYSICAL_3D', measurementSystem: 'imperial', height: 12, width: 8, depth: 4.5 }, '12 × 8 × 4.5 in'],
    [{ mediaType: 'DIGITAL_2D', height: 1080, width: 1920 }, '1920 × 1080 px'],
    [{ mediaType: 'DIGITAL_3D', height: 10, width: 20, depth: 30 }, '10 × 20 × 30 px'],
    [{ mediaType: 'VIDEO', height: 720, width: 1280, durationInSeconds: 125 }, '1280 × 720 px, 2:05'],
    [{ mediaType: 'AUDIO', durationInSeconds: 3725 }, '1:02:05'],
    [{ mediaType: 'AUDIO', durationInSeconds: 59.6 }, '1:00'],
  ] as const)('%j -> %s', async (dimensions, text) => {
    const { formatDimensions } = await import('../../server/publish/format');
    expect(formatDimensions(dimensions)).toBe(text);
  });

  it('escapes every character that matters in HTML, in content and in attributes', async () => {
    const { html } = await import('../../server/html/html');
    expect(String(html`<p title="${`<a href="x" title='y'>&amp;</a>`}">${'<b>&amp;</b>'}</p>`)).toBe(
      '<p title="&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;amp;&lt;/a&gt;">&lt;b&gt;&amp;amp;&lt;/b&gt;</p>',
    );
  });
});
