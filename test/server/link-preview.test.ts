import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LinkCard } from '../../src/schemas/link-card.schema';
import { UpstreamFailed, Invalid } from '../../server/errors';
import { createLogger } from '../../server/log';
import { createLinkPreviews, type LinkPreviewOptions } from '../../server/social/link-card/link-preview';
import { readPageMeta } from '../../server/social/link-card/page-meta';
import { LINK_PREVIEW_LIMIT } from '../../server/social/link-card/link-preview.routes';
import { collectEvery, settledWithin } from '../support/gc';
import { bigPng, html, linkSite, ogPage } from '../support/link-page';
import { hostileServer } from '../support/outbound';
import { SOCIAL_TEST_ENV } from '../support/social';
import { createTestApp, signedInUser, type TestApp } from '../support/test-app';
import { dbLabel } from '../support/test-db';

const codeOf = (err: unknown) => (err as { details?: { code?: string } }).details?.code;

describe('reading a page head', () => {
  it('takes OpenGraph tags over <title> and the description, skipping comments, scripts and the body', () => {
    expect(readPageMeta(ogPage('https://example.com'))).toEqual({
      title: 'Harbour at Dawn & Dusk',
      description: 'Oil on linen, 2026 — new work',
      image: 'https://example.com/cover.png',
    });
  });

  it('falls back to <title> and the meta description, then Twitter tags before them', () => {
    expect(readPageMeta('<head><TITLE>Studio &lt;Notes&gt;</TITLE><meta name=description content="Sketches"></head>')).toEqual({
      title: 'Studio <Notes>',
      description: 'Sketches',
      image: null,
    });
    expect(readPageMeta('<meta name="twitter:title" content="T"><meta name="twitter:image" content="/i.jpg"><title>x</title>')).toEqual({
      title: 'T',
      description: '',
      image: '/i.jpg',
    });
  });

  it('stays linear on hostile input (unclosed tags and scripts)', () => {
    const hostile = '<script>'.repeat(50_000) + '<meta '.repeat(50_000);
    const started = performance.now();
    expect(readPageMeta(hostile).title).toBe('');
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe(`link previews (${dbLabel()})`, () => {
  let t: TestApp;
  let token: string;
  let site: Awaited<ReturnType<typeof linkSite>>;
  let cover: Buffer;
  const log = createLogger('silent');
  const previews = (options: Partial<LinkPreviewOptions> = {}) =>
    createLinkPreviews(t.deps.storage, log, { allowPrivateNetwork: true, timeoutMs: 1500, ...options });

  beforeAll(async () => {
    t = await createTestApp(SOCIAL_TEST_ENV);
    token = (await signedInUser(t)).idToken;
    cover = await bigPng();
    let endless = 0;
    site = await linkSite({
      '/art': (req, res, origin) => html(ogPage(origin))(req, res),
      '/cover.png': (_req, res) => res.writeHead(200, { 'content-type': 'image/png' }).end(cover),
      '/plain': html('<html><head><title>Just a title</title></head><body></body></html>'),
      '/file.pdf': (_req, res) => res.writeHead(200, { 'content-type': 'application/pdf' }).end('%PDF-1.4'),
      '/gone': (_req, res) => res.writeHead(500, { 'content-type': 'text/html' }).end('<title>oops</title>'),
      // A page that never ends: its head comes first, then megabytes of body forever.
      '/endless': (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.write('<html><head><meta property="og:title" content="Endless"></head><body>');
        const chunk = '<p>' + 'x'.repeat(64 * 1024) + '</p>';
        const pump = () => {
          while (!res.destroyed && endless < 10_000 && res.write(chunk)) endless++;
          if (!res.destroyed && endless < 10_000) res.once('drain', pump);
        };
        pump();
      },
      '/silent': () => {},
      ...Object.fromEntries(
        [1, 2, 3, 4, 5, 6].map((n) => [
          `/hop${n}`,
          (_req, res) => res.writeHead(302, { location: n === 1 ? '/art' : `/hop${n - 1}` }).end(),
        ]),
      ),
    });
  });
  afterAll(async () => {
    await site?.close();
    await t?.close();
  });

  it('answers the title, description and an image recompressed for Bluesky (JPEG, at most 1000 px, under 1,000,000 bytes)', async () => {
    expect(cover.length).toBeGreaterThan(1_000_000);
    const res = await t.request('/api/social/link-preview', { method: 'POST', token, json: { url: `${site.origin}/art` } });
    expect(res.status).toBe(200);
    const card = (await res.json()) as LinkCard;
    expect(card).toEqual({
      uri: `${site.origin}/art`,
      title: 'Harbour at Dawn & Dusk',
      description: 'Oil on linen, 2026 — new work',
      thumbUrl: expect.stringMatching(/^\/api\/social\/link-preview\/thumb\/[0-9a-f]{64}$/),
    });
    const thumb = await t.request(card.thumbUrl!);
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toBe('image/jpeg');
    const bytes = Buffer.from(await thumb.arrayBuffer());
    expect(bytes.length).toBeLessThan(1_000_000);
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 1000, height: 667 });
  });

  it('remembers a page for a while: asking again does not read it again', async () => {
    const before = site.hits['/plain'] ?? 0;
    for (let i = 0; i < 3; i++) {
      const res = await t.request('/api/social/link-preview', { method: 'POST', token, json: { url: `${site.origin}/plain` } });
      expect(await res.json()).toEqual({ uri: `${site.origin}/plain`, title: 'Just a title', description: '', thumbUrl: null });
    }
    expect(site.hits['/plain']).toBe(before + 1);
  });

  it('answers 400 for what is not an http(s) address, 401 without a token, 404 for an unknown thumb', async () => {
    for (const url of ['ftp://example.com/x', 'not a url', 'https://user:pw@example.com/', '']) {
      const res = await t.request('/api/social/link-preview', { method: 'POST', token, json: { url } });
      expect(res.status, url).toBe(400);
    }
    expect((await t.request('/api/social/link-preview', { method: 'POST', json: { url: `${site.origin}/art` } })).status).toBe(401);
    expect((await t.request(`/api/social/link-preview/thumb/${'0'.repeat(64)}`)).status).toBe(404);
    expect((await t.request('/api/social/link-preview/thumb/..%2F..%2Fsecret')).status).toBe(400);
  });

  it('answers 502 (never 500) for a page that is not HTML, fails, or cannot be reached', async () => {
    for (const [path, code] of [
      ['/file.pdf', 'LINK_NOT_HTML'],
      ['/gone', 'LINK_UNREACHABLE'],
      ['/nothing-here', 'LINK_UNREACHABLE'],
    ]) {
      const res = await t.request('/api/social/link-preview', { method: 'POST', token, json: { url: `${site.origin}${path}` } });
      expect(res.status, path).toBe(502);
      expect(await res.json()).toMatchObject({ code });
    }
  });

  it('limits the pages read per artist (429); remembered answers do not count', async () => {
    const other = (await signedInUser(t)).idToken;
    const ask = (url: string) => t.request('/api/social/link-preview', { method: 'POST', token: other, json: { url } });
    for (let i = 0; i < LINK_PREVIEW_LIMIT.max; i++) expect((await ask(`${site.origin}/plain?n=${i}`)).status).toBe(200);
    expect((await ask(`${site.origin}/plain?n=0`)).status).toBe(200);
    const limited = await ask(`${site.origin}/plain?n=new`);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBeTruthy();
  });

  it('refuses a private address when the allowance is off, without connecting to it', async () => {
    const p = previews({ allowPrivateNetwork: false });
    try {
      const before = site.server.connections;
      const err = await p.preview(`${site.origin}/art`).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(Invalid);
      expect(codeOf(err)).toBe('LINK_PRIVATE');
      expect(site.server.connections).toBe(before);
    } finally {
      await p.close();
    }
  });

  it('checks every redirect again: a public page sending it into a private network is refused', async () => {
    // 127.0.0.2 plays a public server that redirects to 127.0.0.1, which is private.
    const front = await linkSite({ '/go': (_req, res) => res.writeHead(302, { location: `${site.origin}/art` }).end() }, '127.0.0.2');
    const p = previews({ allowPrivateNetwork: false, door: { alsoAllow: ['127.0.0.2'] } });
    try {
      const before = site.server.connections;
      const err = await p.preview(`${front.origin}/go`).catch((e: unknown) => e);
      expect(codeOf(err)).toBe('LINK_PRIVATE');
      expect(front.hits['/go']).toBe(1);
      expect(site.server.connections).toBe(before);
    } finally {
      await p.close();
      await front.close();
    }
  });

  it('follows at most 5 redirects', async () => {
    const p = previews();
    try {
      expect((await p.preview(`${site.origin}/hop5`)).title).toBe('Harbour at Dawn & Dusk');
      const err = await p.preview(`${site.origin}/hop6`).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(UpstreamFailed);
      expect(codeOf(err)).toBe('LINK_REDIRECTS');
    } finally {
      await p.close();
    }
  });

  it('reads at most 1 MB of a page and stops there', async () => {
    const p = previews({ timeoutMs: 10_000 });
    try {
      const started = performance.now();
      expect(await p.preview(`${site.origin}/endless`)).toMatchObject({ title: 'Endless', thumbUrl: null });
      expect(performance.now() - started).toBeLessThan(5000);
    } finally {
      await p.close();
    }
  });

  it('gives up on a page that does not answer in time', async () => {
    const p = previews({ timeoutMs: 500 });
    try {
      const started = performance.now();
      const err = await p.preview(`${site.origin}/silent`).catch((e: unknown) => e);
      expect(codeOf(err)).toBe('LINK_UNREACHABLE');
      expect(performance.now() - started).toBeLessThan(3000);
    } finally {
      await p.close();
    }
  });

  it.each([
    ['trickles its body', 'trickle'],
    ['sends headers forever', 'headers-forever'],
  ] as const)(
    'with garbage collections forced, a page that %s ends within its deadline, hangs up, and is not remembered',
    async (_what, kind) => {
      const stopCollecting = collectEvery(20);
      const page = await hostileServer(kind);
      const p = previews({ timeoutMs: 800 });
      try {
        const url = `${page.url}/slow-page`;
        const started = performance.now();
        const outcome = await settledWithin(4000, p.preview(url));
        expect(outcome).toEqual({ error: expect.any(UpstreamFailed) });
        expect(codeOf((outcome as { error: unknown }).error)).toBe('LINK_UNREACHABLE');
        expect(performance.now() - started).toBeLessThan(2000);
        // Neither kept pending nor remembered as a failure: asking again asks the page again.
        expect(p.isCached(url)).toBe(false);
        const end = Date.now() + 2000;
        while (page.open && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
        expect(page.open).toBe(0);
      } finally {
        stopCollecting();
        await p.close();
        await page.close();
      }
    },
  );
});
