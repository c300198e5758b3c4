import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInUser, type TestApp } from '../support/test-app';
import { dbLabel } from '../support/test-db';

// A built app in miniature: a script with its Brotli and gzip copies, as the build writes them.
const SCRIPT = `console.log(${JSON.stringify('artist '.repeat(400))});\n`;

async function writeBuild(dir: string) {
  const { brotliCompressSync, gzipSync } = await import('node:zlib');
  await fs.mkdir(path.join(dir, 'assets'), { recursive: true });
  const index = '<!doctype html><html><head><script type="module" src="/assets/app-1.js"></script></head><body></body></html>';
  const files: Record<string, string> = { 'index.html': index, 'assets/app-1.js': SCRIPT };
  for (const [name, text] of Object.entries(files)) {
    await fs.writeFile(path.join(dir, name), text);
    await fs.writeFile(path.join(dir, `${name}.br`), brotliCompressSync(text));
    await fs.writeFile(path.join(dir, `${name}.gz`), gzipSync(text));
  }
  // The real robots.txt, copied from public/ as the build copies it.
  await fs.copyFile('public/robots.txt', path.join(dir, 'robots.txt'));
  await fs.writeFile(path.join(dir, 'assets/app-1.js.map'), '{"version":3}');
}

describe(`serving: compression and security headers (${dbLabel()})`, () => {
  let t: TestApp;
  let staticDir: string;
  beforeAll(async () => {
    staticDir = await fs.mkdtemp(path.join(os.tmpdir(), 'studio-dist-'));
    await writeBuild(staticDir);
    t = await createTestApp({ STATIC_DIR: staticDir, TRUST_PROXY: 'true' });
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(staticDir, { recursive: true, force: true });
  });

  const body = async (res: Response) => Buffer.from(await res.arrayBuffer());

  it('a script goes out as Brotli to a browser that accepts it, with its compressed length', async () => {
    const res = await t.request('/assets/app-1.js', { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    const bytes = await body(res);
    expect(Number(res.headers.get('content-length'))).toBe(bytes.length);
    expect(bytes.length).toBeLessThan(SCRIPT.length / 5);
    expect(brotliDecompressSync(bytes).toString()).toBe(SCRIPT);
    expect(res.headers.get('cache-control')).toContain('immutable');
    // A script is not a document: it carries what applies to every answer, not the page's policy.
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('permissions-policy')).toContain('camera=()');
    expect(res.headers.get('content-security-policy')).toBeNull();
  });

  it('gzip to a client without Brotli, the plain file to one that accepts neither', async () => {
    const gz = await t.request('/assets/app-1.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(await body(gz)).toString()).toBe(SCRIPT);

    const plain = await t.request('/assets/app-1.js', { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toMatch(/accept-encoding/i);
    const bytes = await body(plain);
    expect(bytes.toString()).toBe(SCRIPT);
    expect(Number(plain.headers.get('content-length'))).toBe(SCRIPT.length);
  });

  it('a range request gets bytes of the plain file, never of a compressed copy', async () => {
    const res = await t.request('/assets/app-1.js', { headers: { 'accept-encoding': 'br, gzip', range: 'bytes=0-9' } });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-encoding')).toBeNull();
    expect((await body(res)).toString()).toBe(SCRIPT.slice(0, 10));
  });

  it('every page of the app is index.html, compressed, with a strict content security policy', async () => {
    const res = await t.request('/portfolio/artworks', { headers: { 'accept-encoding': 'br' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(await body(res)).toString()).toContain('/assets/app-1.js');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
    for (const directive of [
      "frame-ancestors 'none'",
      "base-uri 'none'",
      "form-action 'self'",
      "object-src 'none'",
      "img-src 'self' blob: data:",
      "connect-src 'self'",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(res.headers.get('permissions-policy')).toContain('camera=()');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });

  it('source maps are not served, whatever the spelling of their address', async () => {
    for (const address of ['/assets/app-1.js.map', '/assets/app-1.js.map?v=1', '/assets/app-1.js%2Emap', '/assets//app-1.js.map']) {
      const res = await t.request(address, { headers: { 'accept-encoding': 'br, gzip' } });
      expect(`${address}: ${res.status}`).toBe(`${address}: 404`);
      expect(await res.text()).not.toContain('version');
    }
  });

  it('robots.txt is a text file that lets crawlers read published portfolios, the front door and post media links, nothing else', async () => {
    const robots = await t.request('/robots.txt');
    expect(robots.status).toBe(200);
    expect(robots.headers.get('content-type')).toMatch(/^text\/plain/);
    const rules = (await robots.text()).split('\n').filter((line) => line && !line.startsWith('#'));
    expect(rules).toEqual(['User-agent: *', 'Allow: /$', 'Allow: /p/', 'Allow: /m/', 'Disallow: /api/', 'Disallow: /']);
  });

  it("a file the build does not have is a 404, not the app's page; the app's addresses with a dot still get it", async () => {
    for (const address of ['/ads.txt', '/sitemap.xml', '/favicon.ico', '/.well-known/security.txt', '/assets/gone-1.js']) {
      const res = await t.request(address);
      expect(`${address}: ${res.status}`).toBe(`${address}: 404`);
      expect(res.headers.get('content-type') ?? '').not.toMatch(/text\/html/);
    }
    const page = await t.request('/social-media/account/ada.bsky.social');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
  });

  it('signed-in JSON is never cached and a large answer is compressed on the fly; a small one is not', async () => {
    const u = await signedInUser(t);
    const me = await t.request('/api/user', { token: u.idToken, headers: { 'accept-encoding': 'gzip' } });
    expect(me.status).toBe(200);
    expect(me.headers.get('cache-control')).toBe('no-store');
    expect(me.headers.get('content-encoding')).toBeNull();
    expect(me.headers.get('x-content-type-options')).toBe('nosniff');
    expect(me.headers.get('content-security-policy')).toContain("default-src 'none'");

    const spec = await t.request('/api/openapi.json', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(spec.headers.get('content-encoding')).toBe('gzip');
    expect(spec.headers.get('vary')).toMatch(/accept-encoding/i);
    const json = JSON.parse(gunzipSync(await body(spec)).toString()) as { openapi: string };
    expect(json.openapi).toMatch(/^3\./);
  });

  it('errors carry the same headers as answers', async () => {
    const res = await t.request('/api/user');
    expect(res.status).toBe(401);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('HSTS only when the visitor came over HTTPS, as the trusted proxy reports', async () => {
    const plain = await t.request('/api/ping');
    expect(plain.headers.get('strict-transport-security')).toBeNull();
    const viaProxy = await t.request('/api/ping', { headers: { 'x-forwarded-proto': 'https' } });
    expect(viaProxy.headers.get('strict-transport-security')).toMatch(/max-age=\d{7,}/);
  });
});
