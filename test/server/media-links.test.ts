import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import robotsParser from 'robots-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { createMediaLinks } from '../../server/social/post-media-link';
import { crawl, type CrawlRecord } from '../support/meta-fake/crawler';
import { jpegOf } from '../support/media-host';
import { createTestApp, type TestApp } from '../support/test-app';
import { dbLabel } from '../support/test-db';

const KEY = 'post-media/5b1f4c1e-6a59-4d57-9f3c-2f1d1b6c9e10/8c2e0d4a-1f3b-4c5d-8e6f-7a8b9c0d1e2f/original';

describe(`post media links for Meta's servers (${dbLabel()})`, () => {
  let t: TestApp;
  let staticDir: string;
  let server: ServerType;
  let origin: string;
  let jpeg: Buffer;
  beforeAll(async () => {
    staticDir = await fs.mkdtemp(path.join(os.tmpdir(), 'studio-dist-'));
    await fs.copyFile('public/robots.txt', path.join(staticDir, 'robots.txt'));
    await fs.writeFile(path.join(staticDir, 'index.html'), '<!doctype html><title>app</title>');
    t = await createTestApp({ STATIC_DIR: staticDir });
    jpeg = await jpegOf(1080, 1080);
    await t.deps.storage.put(KEY, jpeg, 'image/jpeg');
    server = await new Promise((resolve) => {
      const s = serve({ fetch: buildApp(t.deps).fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
    });
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await t.close();
    await fs.rm(staticDir, { recursive: true, force: true });
  });

  it("answers the file's bytes with its type, briefly cacheable, not for search engines; HEAD and ranges too", async () => {
    const link = t.deps.mediaLinks.path(KEY);
    expect(link).toMatch(/^\/m\/[\w-]{100,}$/);
    const res = await t.request(link);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await res.arrayBuffer()).equals(jpeg)).toBe(true);
    const head = await t.request(link, { method: 'HEAD' });
    expect([head.status, head.headers.get('content-length')]).toEqual([200, String(jpeg.length)]);
    const range = await t.request(link, { headers: { range: 'bytes=0-1' } });
    expect(range.status).toBe(206);
    expect([...Buffer.from(await range.arrayBuffer())]).toEqual([0xff, 0xd8]);
  });

  it('says nothing of what it points at, and two links to the same file differ', () => {
    const a = t.deps.mediaLinks.path(KEY);
    const b = t.deps.mediaLinks.path(KEY);
    expect(a).not.toBe(b);
    const bytes = Buffer.from(a.slice(3), 'base64url').toString('latin1');
    expect(bytes).not.toContain('post-media');
    expect(bytes).not.toContain('5b1f4c1e');
  });

  it('a tampered, truncated or made-up address is 404; so are /m and /m/ (no listing) and a link whose file is gone', async () => {
    const link = t.deps.mediaLinks.path(KEY);
    const token = link.slice(3);
    const flipped = token.slice(0, 40) + (token[40] === 'A' ? 'B' : 'A') + token.slice(41);
    for (const address of [
      `/m/${flipped}`,
      `/m/${token.slice(0, -4)}`,
      `/m/${'A'.repeat(token.length)}`,
      '/m/x',
      '/m/',
      '/m',
      `/m/${token}/more`,
    ]) {
      const res = await t.request(address);
      expect(`${address.slice(0, 20)}: ${res.status}`).toBe(`${address.slice(0, 20)}: 404`);
      expect(res.headers.get('content-type') ?? '').not.toMatch(/html|image/);
    }
    const gone = t.deps.mediaLinks.path('post-media/none/original');
    expect((await t.request(gone)).status).toBe(404);
  });

  it('an expired address is 410 Gone', async () => {
    const link = t.deps.mediaLinks.path(KEY, 1);
    expect((await t.request(link)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 2100));
    const res = await t.request(link);
    expect(res.status).toBe(410);
    expect(await res.text()).toBe('This media link has expired.');
  });

  it("Meta's crawler, reading robots.txt first, fetches it over the network; the robots.txt before /m/ was allowed would have refused", async () => {
    const log: CrawlRecord[] = [];
    const url = `${origin}${t.deps.mediaLinks.path(KEY)}`;
    const result = await crawl(url, 'instagram-image', log);
    expect(result.ok).toBe(true);
    expect(log[0]).toMatchObject({ robots: 'allowed', status: 200, contentType: 'image/jpeg', bytes: jpeg.length });
    const before = 'User-agent: *\nAllow: /$\nAllow: /p/\nDisallow: /api/\nDisallow: /\n';
    expect(robotsParser(`${origin}/robots.txt`, before).isAllowed(url, 'facebookexternalhit')).toBe(false);
    // Nothing else of the app became crawlable.
    const now = robotsParser(`${origin}/robots.txt`, await fs.readFile('public/robots.txt', 'utf8'));
    for (const p of ['/api/social-media/media/1', '/social-media', '/portfolio/artwork', '/mx', '/media/1']) {
      expect(`${p}: ${now.isAllowed(`${origin}${p}`, 'facebookexternalhit')}`).toBe(`${p}: false`);
    }
  });
});

describe('a media link lasts at least its time to live', () => {
  it('made late in a second, it still opens a moment later and is spent once its whole time has passed', () => {
    let now = 1_700_000_000_990;
    const links = createMediaLinks(Buffer.alloc(32, 7).toString('base64url'), () => now);
    const token = links.path(KEY, 1).split('/').pop()!;
    now += 20;
    expect(links.open(token)).toEqual({ key: KEY });
    now += 980;
    expect(links.open(token)).toEqual({ key: KEY });
    now += 1_000;
    expect(links.open(token)).toBe('expired');
  });
});
