import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { html as markup } from '../../server/html/html';
import type { SiteSnapshot } from '../../server/publish/snapshot';
import { renderArtworkPage } from '../../server/site/artwork.page';
import { createSiteHandler } from '../../server/site/site.handler';
import { siteUrls } from '../../server/site/site.urls';
import { SITE_SCRIPT } from '../../server/site/styles';
import { siteArtwork, siteCollection, siteSnapshot, storeImages, storeSnapshot } from '../support/site-snapshot';
import { createTestApp, type TestApp } from '../support/test-app';
import { dbLabel } from '../support/test-db';

const APP = 'https://studio.example';

/** The JSON-LD blocks of a page, parsed. */
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]));
const metaOf = (html: string, key: string) => new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)">`).exec(html)?.[1];
const hrefs = (html: string) => [...html.matchAll(/<a [^>]*href="([^"]+)"/g)].map((m) => m[1]);

describe(`the public site (${dbLabel()})`, () => {
  let t: TestApp;
  let slug: string;
  let userId: string;
  let snapshot: SiteSnapshot;
  const harbour = siteArtwork(1, {
    title: 'Blue Harbour',
    year: 2021,
    medium: 'Oil on canvas',
    description: 'Morning light.\nSecond line.',
    tags: ['sea'],
    dimensions: '50 × 70 cm',
    saleStatus: 'Available',
    posts: [
      {
        platform: 'Bluesky',
        handle: 'ada.bsky.social',
        url: 'https://bsky.app/profile/ada.bsky.social/post/3k',
        postedAt: '2026-03-01T10:00:00Z',
      },
      { platform: 'Bluesky', handle: 'ada.bsky.social', url: 'javascript:alert(1)', postedAt: '2026-02-01T10:00:00Z' },
    ],
  });
  const bird = siteArtwork(2, { title: 'Stone Bird', year: 2019, medium: 'Bronze', dimensions: '12 × 8 × 4.5 in', saleStatus: 'Sold' });
  const song = siteArtwork(3, { title: '<script>alert("x")</script> & \'Song\'', year: null, medium: '', image: null, dimensions: '3:25' });
  const open = (path: string, headers: Record<string, string> = {}) => t.request(path, { headers });
  const page = async (path: string) => {
    const res = await open(path);
    expect(res.status, path).toBe(200);
    return res.text();
  };

  const publicOne = siteCollection([bird, harbour], { title: 'Coast', description: 'By the sea.', coverArtworkId: harbour.id });
  const unlisted = siteCollection([harbour], { title: 'For the gallery', visibility: 'unlisted' });

  beforeAll(async () => {
    t = await createTestApp({ APP_URL: APP });
    snapshot = siteSnapshot({ version: 3, artworks: [song, bird, harbour], collections: [publicOne, unlisted] });
    ({ slug, userId } = await storeSnapshot(t.deps.db, snapshot, { publishedAt: new Date('2026-04-01T12:00:00Z') }));
    await storeImages(t.deps.storage, slug, snapshot);
  });
  afterAll(() => t.close());

  it("the artist's page: the name, public collections with their covers, then every work linking to its page", async () => {
    const html = await page(`/p/${slug}`);
    expect(html).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(html).toContain('<title>Ada Lovelace – Portfolio</title>');
    expect(html).toContain('<h1>Ada Lovelace</h1>');
    expect(html).toContain('<h2 id="collections">Collections</h2>');
    expect(hrefs(html)).toEqual([
      `/p/${slug}/collections/${publicOne.id}`,
      `/p/${slug}/artworks/${song.id}`,
      `/p/${slug}/artworks/${bird.id}`,
      `/p/${slug}/artworks/${harbour.id}`,
    ]);
    // The unlisted collection is never linked nor named.
    expect(html).not.toContain(unlisted.id);
    expect(html).not.toContain('For the gallery');
    // The cover is the chosen artwork's picture, the first paint's image.
    expect(html).toMatch(new RegExp(`Coast</h3><span class="meta">2 works</span>`));
    expect(html.indexOf(`/p/${slug}/images/3-a1-640.webp`)).toBeLessThan(html.indexOf('Coast'));
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;Song&#39;');
    expect(html).toContain('No image');
    expect(html).toContain('© 2026 Ada Lovelace');
  });

  it('responsive images: srcset over every size with w descriptors, sizes, width and height; the first screen eager and high, lazy below', async () => {
    const many = Array.from({ length: 8 }, (_, i) => siteArtwork(i + 10));
    const { slug: s } = await storeSnapshot(t.deps.db, siteSnapshot({ artworks: many }));
    const imgs = [...(await page(`/p/${s}`)).matchAll(/<img [^>]+>/g)].map((m) => m[0]);
    expect(imgs).toHaveLength(8);
    expect(imgs[0]).toBe(
      `<img src="/p/${s}/images/1-a10-640.webp" srcset="/p/${s}/images/1-a10-400.webp 400w, /p/${s}/images/1-a10-640.webp 640w, ` +
        `/p/${s}/images/1-a10-960.webp 960w, /p/${s}/images/1-a10-1600.webp 1600w" ` +
        `sizes="(min-width: 1200px) 234px, (min-width: 1000px) calc(21.5vw - 24px), (min-width: 600px) calc(28.7vw - 24px), calc(43vw - 22px)" ` +
        `width="640" height="480" alt="" fetchpriority="high">`,
    );
    // The tiles are drawn the same size, so any of the first screen's (a laptop's row of 4, a phone's two rows of 2)
    // may be the largest paint: each is fetched at once with high priority; the rest wait until scrolled near.
    expect(imgs.slice(0, 4).every((i) => i.endsWith(' fetchpriority="high">') && !i.includes('loading='))).toBe(true);
    expect(imgs.slice(4).every((i) => i.endsWith(' loading="lazy" decoding="async">') && !i.includes('fetchpriority'))).toBe(true);
    expect(imgs[1]).toContain(`src="/p/${s}/images/1-a11-640.webp" srcset="/p/${s}/images/1-a11-400.webp 400w, `);
    expect(imgs[1]).toContain('width="640" height="853"');
  });

  it('SEO of the artist page: description, canonical on APP_URL, OpenGraph and Twitter card with the picture, a Person', async () => {
    const html = await page(`/p/${slug}`);
    expect(metaOf(html, 'description')).toBe('Portfolio of Ada Lovelace: 3 works.');
    expect(html).toContain(`<link rel="canonical" href="${APP}/p/${slug}">`);
    expect(metaOf(html, 'og:url')).toBe(`${APP}/p/${slug}`);
    expect(metaOf(html, 'og:image')).toBe(`${APP}/p/${slug}/images/3-a1-1600.webp`);
    expect([metaOf(html, 'og:image:width'), metaOf(html, 'og:image:height')]).toEqual(['1600', '2133']);
    expect(metaOf(html, 'twitter:card')).toBe('summary_large_image');
    expect(jsonLd(html)).toEqual([{ '@context': 'https://schema.org', '@type': 'Person', name: 'Ada Lovelace', url: `${APP}/p/${slug}` }]);
  });

  it("an artwork's page: its picture with a lightbox, its facts, where it was posted, and a VisualArtwork", async () => {
    const html = await page(`/p/${slug}/artworks/${harbour.id}`);
    expect(html).toContain('<title>Blue Harbour – Ada Lovelace</title>');
    expect(html).toContain('<h1>Blue Harbour</h1>');
    expect(html).toContain(`<header class="wrap top"><a href="/p/${slug}">Ada Lovelace</a></header>`);
    for (const text of [
      '<dt>Year</dt><dd>2021</dd>',
      '<dd>Oil on canvas</dd>',
      '<dd>50 × 70 cm</dd>',
      '<dd><span class="available">Available</span></dd>',
    ])
      expect(html).toContain(text);
    expect(html).toContain('<p class="desc">Morning light.\nSecond line.</p>');
    // The picture is the page's largest paint: loaded first; the lightbox's copy only once opened.
    expect(html).toMatch(
      /<a id="picture" href="#view"><img [^>]*sizes="\(min-width: 1200px\) 617px, \(min-width: 900px\) calc\(55.2vw - 46px\), calc\(92vw - 31px\)"[^>]*alt="Blue Harbour" fetchpriority="high">/,
    );
    expect(html).toMatch(
      /<div id="view" class="lightbox" role="dialog" aria-label="Blue Harbour, full size"><a class="close" href="#picture">Close<\/a><img [^>]*sizes="100vw"[^>]* loading="lazy"/,
    );
    // Where it was posted: web links only, opened without handing over the page.
    expect(html).toContain('<h2 id="posted">Where it was posted</h2>');
    expect(html).toContain(
      '<a href="https://bsky.app/profile/ada.bsky.social/post/3k" rel="noopener">Bluesky · @ada.bsky.social</a> <time datetime="2026-03-01T10:00:00.000Z">March 1, 2026</time>',
    );
    expect(html).not.toContain('javascript:');
    // The buyer's form posts to the work's own inquiry address on this site.
    expect(html).toContain('<section id="inquiry" aria-label="Inquire about this work">');
    expect(html).toContain(`<form class="inquiry" method="post" action="/p/${slug}/artworks/${harbour.id}/inquiry"`);

    expect(metaOf(html, 'description')).toBe('Blue Harbour, 2021 · Oil on canvas, by Ada Lovelace. Morning light. Second line.');
    expect(metaOf(html, 'og:image')).toBe(`${APP}/p/${slug}/images/3-a1-1600.webp`);
    expect(metaOf(html, 'og:type')).toBe('article');
    expect(html).toContain(`<link rel="canonical" href="${APP}/p/${slug}/artworks/${harbour.id}">`);
    expect(jsonLd(html)).toEqual([
      {
        '@context': 'https://schema.org',
        '@type': 'VisualArtwork',
        name: 'Blue Harbour',
        url: `${APP}/p/${slug}/artworks/${harbour.id}`,
        creator: { '@type': 'Person', name: 'Ada Lovelace', url: `${APP}/p/${slug}` },
        image: { '@type': 'ImageObject', url: `${APP}/p/${slug}/images/3-a1-1600.webp`, width: 1600, height: 2133 },
        dateCreated: '2021',
        artMedium: 'Oil on canvas',
        description: 'Morning light.\nSecond line.',
        keywords: 'sea',
        height: { '@type': 'QuantitativeValue', value: 50, unitCode: 'CMT', unitText: 'cm' },
        width: { '@type': 'QuantitativeValue', value: 70, unitCode: 'CMT', unitText: 'cm' },
        copyrightNotice: '© 2026 Ada Lovelace',
      },
    ]);
  });

  it('an artwork without a picture or posts, with markup in its title: escaped everywhere, JSON-LD cannot close its script', async () => {
    const html = await page(`/p/${slug}/artworks/${song.id}`);
    expect(html).toContain('<h1>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;Song&#39;</h1>');
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(jsonLd(html)[0].name).toBe('<script>alert("x")</script> & \'Song\'');
    expect(html).not.toContain('Where it was posted');
    expect(html).not.toContain('id="view"');
    expect(metaOf(html, 'twitter:card')).toBe('summary');
    expect(html).toContain('<dd>3:25</dd>');
  });

  it('the inquiry form another part draws goes into the section id="inquiry"', () => {
    const ctx = { snapshot, publishedAt: new Date(), urls: siteUrls(`/p/${slug}`, APP) };
    const html = renderArtworkPage(ctx, harbour, markup`<form method="post"><button>Send</button></form>`);
    expect(html).toContain(
      '<section id="inquiry" aria-label="Inquire about this work">\n<form method="post"><button>Send</button></form>\n</section>',
    );
  });

  it('a public collection and an unlisted one open by their address, their works in order, with an ItemList', async () => {
    for (const c of [publicOne, unlisted]) {
      const html = await page(`/p/${slug}/collections/${c.id}`);
      expect(html).toContain(`<h1>${c.title}</h1>`);
      const [ld] = jsonLd(html);
      expect(ld['@type']).toBe('CollectionPage');
      expect(ld.mainEntity.itemListElement.map((i: { url: string }) => i.url)).toEqual(
        c.artworkIds.map((id) => `${APP}/p/${slug}/artworks/${id}`),
      );
      expect(hrefs(html).slice(1)).toEqual(c.artworkIds.map((id) => `/p/${slug}/artworks/${id}`));
    }
    const coast = await page(`/p/${slug}/collections/${publicOne.id}`);
    expect(coast).toContain('<p class="desc">By the sea.</p>');
    expect(metaOf(coast, 'og:image')).toBe(`${APP}/p/${slug}/images/3-a1-1600.webp`);
    expect(coast).toContain('<title>Coast – Ada Lovelace</title>');
  });

  it('the sitemap lists the artist, the public collections and every work, never the unlisted collection', async () => {
    const res = await open(`/p/${slug}/sitemap.xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/xml; charset=UTF-8');
    const xml = await res.text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual([
      `${APP}/p/${slug}`,
      `${APP}/p/${slug}/collections/${publicOne.id}`,
      ...[song, bird, harbour].map((a) => `${APP}/p/${slug}/artworks/${a.id}`),
    ]);
    expect(xml).toContain('<lastmod>2026-04-01T12:00:00.000Z</lastmod>');
    expect(xml).not.toContain(unlisted.id);
  });

  it('robots.txt allows everything and names the sitemap', async () => {
    const res = await open(`/p/${slug}/robots.txt`);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=UTF-8');
    expect(await res.text()).toBe(`User-agent: *\nAllow: /\nSitemap: ${APP}/p/${slug}/sitemap.xml\n`);
  });

  it.each([
    ['an unknown artwork', () => `/p/${slug}/artworks/00000000-0000-4000-8000-000000000000`],
    ['a collection not in the snapshot (private ones never are)', () => `/p/${slug}/collections/00000000-0000-4000-8000-000000000000`],
    ['an artwork id used as a collection', () => `/p/${slug}/collections/${harbour.id}`],
    ['an unknown page', () => `/p/${slug}/about`],
  ])('%s answers the 404 page with a way back', async (_, path) => {
    const res = await open(path());
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('etag')).toBeNull();
    const html = await res.text();
    expect(html).toContain('<h1>Page not found</h1>');
    expect(html).toContain(`<a href="/p/${slug}">See the portfolio of Ada Lovelace</a>`);
  });

  it.each(['/p/abcdefghij', '/p/abcdefghij/artworks/x', '/p/short', '/p/ABCDEFGHIJ', '/p/..%2f..%2fetc'])(
    '%s answers "Portfolio not found"',
    async (path) => {
      const res = await open(path);
      expect(res.status).toBe(404);
      expect(await res.text()).toContain('<h1>Portfolio not found</h1>');
    },
  );

  it('headers: a strict CSP matching the inline style and the one small script, nosniff; ETag of slug and version, 304 while unchanged', async () => {
    for (const path of [`/p/${slug}`, `/p/${slug}/artworks/${harbour.id}`, `/p/${slug}/collections/${unlisted.id}`]) {
      const res = await open(path);
      const html = await res.text();
      const csp = res.headers.get('content-security-policy')!;
      const style = /<style>([\s\S]*?)<\/style>/.exec(html)![1];
      // The one script allowed is the artwork page's own (Esc closes the lightbox): its exact bytes, by their hash.
      const script = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? SITE_SCRIPT.js;
      expect(script).toBe(SITE_SCRIPT.js);
      const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
      expect(csp).toBe(
        `default-src 'none'; img-src 'self'; style-src ${hash(style)}; script-src ${hash(script)}; connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'`,
      );
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('cache-control')).toBe('public, no-cache');
      const etag = res.headers.get('etag')!;
      expect(etag).toMatch(new RegExp(`^"${slug}-3-[\\w-]{8}"$`));
      const again = await open(path, { 'if-none-match': etag });
      expect(again.status).toBe(304);
      expect(await again.text()).toBe('');
    }
  });

  it('a new publish: new ETag, new content, old images gone from the site', async () => {
    const other = siteArtwork(9, { title: 'Harbour at Dusk' });
    const next = siteSnapshot({ version: 4, artworks: [other] });
    const { slug: s, userId: u } = await storeSnapshot(t.deps.db, siteSnapshot({ version: 3, artworks: [harbour] }));
    await storeImages(t.deps.storage, s, siteSnapshot({ version: 3, artworks: [harbour] }));
    const first = await open(`/p/${s}`);
    expect(await first.text()).toContain('Blue Harbour');
    expect((await open(`/p/${s}/images/3-a1-400.webp`)).status).toBe(200);

    await storeSnapshot(t.deps.db, next, { slug: s, userId: u });
    await storeImages(t.deps.storage, s, next);
    const res = await open(`/p/${s}`, { 'if-none-match': first.headers.get('etag')! });
    expect(res.status).toBe(200);
    expect(res.headers.get('etag')).toMatch(new RegExp(`^"${s}-4-[\\w-]{8}"$`));
    const html = await res.text();
    expect(html).toContain('Harbour at Dusk');
    expect(html).not.toContain('Blue Harbour');
    expect((await open(`/p/${s}/images/3-a1-400.webp`)).status).toBe(404);
    expect((await open(`/p/${s}/images/4-a9-400.webp`)).status).toBe(200);
  });

  it('images: the live version only, a long cache, nothing outside the folder', async () => {
    const res = await open(`/p/${slug}/images/3-a2-640.webp`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    for (const file of ['2-a2-800.webp', '3-a2-640.png', 'x.webp', '3-a2-640.webp.meta.json', '..%2F3%2Fa2-800.webp'])
      expect((await open(`/p/${slug}/images/${file}`)).status, file).toBe(404);
  });

  it("the site has its own icon (no request for the host's /favicon.ico)", async () => {
    const html = await page(`/p/${slug}/artworks/${bird.id}`);
    expect(html).toContain(`<link rel="icon" href="/p/${slug}/favicon.svg" type="image/svg+xml">`);
    const res = await open(`/p/${slug}/favicon.svg`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
    expect(await res.text()).toMatch(/^<svg /);
  });

  it('compressed once per version: br or gzip as the browser accepts, the same page, an ETag of its own', async () => {
    const path = `/p/${slug}/collections/${publicOne.id}`;
    const plain = await open(path);
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toBe('Accept-Encoding');
    const text = await plain.text();
    const plainTag = plain.headers.get('etag')!;
    const tags = new Set([plainTag]);
    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br, zstd', 'br', zlib.brotliDecompressSync],
      ['gzip, deflate', 'gzip', zlib.gunzipSync],
      ['br;q=0, gzip', 'gzip', zlib.gunzipSync],
    ] as const) {
      const res = await t.request(path, { headers: { 'accept-encoding': accept } });
      expect(res.headers.get('content-encoding'), accept).toBe(encoding);
      const etag = res.headers.get('etag')!;
      // Weak (another instance may compress to other bytes), and never the plain body's tag.
      expect(etag).toBe(`W/${plainTag.slice(0, -1)}-${encoding}"`);
      tags.add(etag);
      expect(decode(Buffer.from(await res.arrayBuffer())).toString()).toBe(text);
      const again = await open(path, { 'accept-encoding': accept, 'if-none-match': etag });
      expect(again.status).toBe(304);
      expect(again.headers.get('etag')).toBe(etag);
      expect(again.headers.get('vary')).toBe('Accept-Encoding');
    }
    expect(tags.size).toBe(3);
    // The plain body's tag does not validate a compressed one, nor the other way round.
    expect((await open(path, { 'accept-encoding': 'gzip', 'if-none-match': plainTag })).status).toBe(200);
    expect((await open(path, { 'if-none-match': `W/${plainTag.slice(0, -1)}-gzip"` })).status).toBe(200);
  });

  it('HEAD answers the headers of a page', async () => {
    const res = await t.request(`/p/${slug}/artworks/${bird.id}`, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('etag')).toBe((await open(`/p/${slug}/artworks/${bird.id}`)).headers.get('etag'));
  });

  it("a portfolio published before the site's format still shows, each work on a page of its own", async () => {
    const { slug: s } = await storeSnapshot(t.deps.db, {
      version: 2,
      artist: 'Grace',
      artworks: [
        {
          title: 'Old Mill',
          year: 1999,
          medium: 'Ink',
          description: '',
          tags: [],
          dimensions: '',
          saleStatus: 'Sold',
          image: { file: '1.webp', width: 1200, height: 900 },
        },
      ],
    });
    const html = await page(`/p/${s}`);
    expect(html).toContain('<h1>Grace</h1>');
    expect(hrefs(html)).toEqual([`/p/${s}/artworks/1`]);
    expect(html).toContain(`srcset="/p/${s}/images/2-1.webp 1200w"`);
    expect(await page(`/p/${s}/artworks/1`)).toContain('<h1>Old Mill</h1>');
  });

  it("mounted at a custom domain's root: links from '/', canonical URLs on https://<host>", async () => {
    const site = createSiteHandler(t.deps);
    const at = (path: string) => site({ slug, base: '' }, new Request(`http://art.example${path}`));
    const home = await (await at('/')).text();
    expect(home).toContain('<link rel="canonical" href="https://art.example/">');
    expect(hrefs(home)).toContain(`/artworks/${harbour.id}`);
    expect(home).toContain(`src="/images/3-a1-640.webp"`);
    const work = await (await at(`/artworks/${harbour.id}`)).text();
    expect(work).toContain('<header class="wrap top"><a href="/">Ada Lovelace</a></header>');
    expect(metaOf(work, 'og:image')).toBe('https://art.example/images/3-a1-1600.webp');
    expect(await (await at('/robots.txt')).text()).toContain('Sitemap: https://art.example/sitemap.xml');
    expect(await (await at('/sitemap.xml')).text()).toContain(`<loc>https://art.example/artworks/${harbour.id}</loc>`);
    expect((await at('/images/3-a1-400.webp')).status).toBe(200);
    expect((await at('/nothing')).status).toBe(404);
    expect(userId).toBeTruthy();
  });

  it('the same page at /p/<slug> and on a custom domain has a different ETag, so neither validates the other', async () => {
    const site = createSiteHandler(t.deps);
    const at = (path: string, headers: Record<string, string> = {}) =>
      site({ slug, base: '' }, new Request(`http://art.example${path}`, { headers }));
    for (const path of ['/', `/artworks/${harbour.id}`, '/sitemap.xml']) {
      const onApp = (await open(`/p/${slug}${path === '/' ? '' : path}`)).headers.get('etag')!;
      const onDomain = (await at(path)).headers.get('etag')!;
      expect(onDomain).toMatch(new RegExp(`^"${slug}-3-[\\w-]{8}"$`));
      expect(onDomain).not.toBe(onApp);
      expect((await at(path, { 'if-none-match': onApp })).status, path).toBe(200);
      expect((await at(path, { 'if-none-match': onDomain })).status, path).toBe(304);
    }
  });
});
