import { createHash } from 'node:crypto';
import { type Context, Hono } from 'hono';
import type { AppDeps } from '../context';
import type { Html } from '../html/html';
import { findMovedSlug } from '../publish/address';
import { findPublication, findPublishedVersion } from '../publish/publish.service';
import type { SiteArtwork, SiteSnapshot } from '../publish/snapshot';
import { renderArtistPage } from './artist.page';
import { renderArtworkPage } from './artwork.page';
import { renderCollectionPage } from './collection.page';
import { chooseEncoding, encodePage, type EncodedPage } from './encoded';
import { Lru } from './lru';
import { renderPageNotFound, renderPortfolioNotFound } from './not-found.page';
import { servePublishedImage } from './site-image';
import type { SiteContext } from './site.context';
import { type Site, siteUrls } from './site.urls';
import { renderRobots, renderSitemap } from './sitemap';
import { PAGE_CSP } from './styles';

export type { Site } from './site.urls';

/** Serves one published site; `request`'s path is relative to the site's root (its host is the visitor's). */
export type SiteHandler = (site: Site, request: Request) => Promise<Response>;

export interface SiteHandlerOptions {
  /**
   * The inquiry form drawn in an artwork page's section id="inquiry", or nothing. Pages are kept rendered per
   * published version, so it may depend on the site and the artwork only.
   */
  inquiryHtml?: (site: Site, artwork: SiteArtwork) => Html | undefined;
}

/** Rendered pages (with their compressed forms) kept per slug, version, address and path: about 200 pages of 200 works. */
const PAGE_CACHE_BYTES = 32 * 1024 * 1024;
const SNAPSHOT_CACHE_ENTRIES = 32;

const PAGE_HEADERS = {
  'Content-Security-Policy': PAGE_CSP,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
};

/** The site's icon: a dab of the studio's ultramarine on its paper. */
const FAVICON =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#2f45a0"/><circle cx="16" cy="16" r="7" fill="#f6f1e8"/></svg>';

/** Cache keys start with `<slug>|<version>|`: this tells the slug's keys of versions before `version`. */
export const supersededBy = (slug: string, version: number) => (key: string) => {
  const [s, v] = key.split('|', 2);
  return s === slug && Number(v) < version;
};

type SiteEnv = { Bindings: { site: Site; origin: string } };
type Rendered = { body: string; type: string } | null;

/** If-None-Match compares weakly (RFC 9110 13.1.2): 'W/"x"' and '"x"' are the same tag. */
const matches = (header: string | undefined, etag: string) =>
  !!header && header.split(',').some((t) => t.trim().replace(/^W\//, '') === etag.replace(/^W\//, ''));

/**
 * A page's ETag names one representation: the slug, the published version, the mount it was rendered for (a short
 * hash of origin and base, as /p/<slug> and a custom domain draw different links) and the encoding. The plain body is
 * strong; a compressed one is weak, as another instance's compressor may give other bytes for the same page.
 */
export function siteEtag(slug: string, version: number, mount: string, encoding: 'br' | 'gzip' | null): string {
  const at = createHash('sha256').update(mount).digest('base64url').slice(0, 8);
  return encoding ? `W/"${slug}-${version}-${at}-${encoding}"` : `"${slug}-${version}-${at}"`;
}

/**
 * The public site of one artist, for two mounts: /p/<slug> on the app's address (base '/p/<slug>', canonical URLs on
 * APP_URL) and the root of a verified custom domain (base '', canonical URLs on https://<host>). Pages are
 * revalidated by an ETag of slug, version, mount and encoding (304 while unchanged) and rendered once per published version.
 */
export function createSiteHandler(deps: AppDeps, options: SiteHandlerOptions = {}): SiteHandler {
  const pages = new Lru<EncodedPage>(PAGE_CACHE_BYTES, (p) => p.size);
  const snapshots = new Lru<{ snapshot: SiteSnapshot; publishedAt: Date }>(SNAPSHOT_CACHE_ENTRIES);
  // The newest version seen per slug. Only the live version is ever served, so once a newer one is rendered the older
  // one's pages and snapshot are dropped at once: the caches hold what visitors can get, not every publish since start
  // (an artist publishing often would otherwise fill them with pages nobody can be served).
  const newest = new Map<string, number>();
  function supersede(slug: string, version: number) {
    const known = newest.get(slug);
    if (known !== undefined && known >= version) return;
    newest.set(slug, version);
    if (known === undefined) return;
    pages.deleteWhere(supersededBy(slug, version));
    snapshots.deleteWhere(supersededBy(slug, version));
  }
  const app = new Hono<SiteEnv>();
  // Failures (the database restarting...) are answered by the app around the mount, as every other route's.
  app.onError((err) => {
    throw err;
  });

  async function load(slug: string, version: number | null) {
    const cached = version === null ? undefined : snapshots.get(`${slug}|${version}`);
    if (cached) return cached;
    // Read as format 2 whatever it was stored as (readSnapshot upgrades an earlier publish's format 1).
    const found = await findPublication(deps.db, slug);
    if (!found) return null;
    const loaded = { snapshot: found.snapshot, publishedAt: found.publishedAt };
    supersede(slug, loaded.snapshot.version);
    snapshots.set(`${slug}|${loaded.snapshot.version}`, loaded);
    return loaded;
  }

  /**
   * A request at an address the portfolio had before its artist chose another: on /p/<slug>, 301 to the same page at
   * the address it has now (kept by browsers for a day, so an address another artist takes later soon leads to their
   * site); on a custom domain (whose remembered slug may be a few seconds old), the site at its live address. Null
   * when the slug never was a portfolio's.
   */
  async function moved(c: Context<SiteEnv>): Promise<Response | null> {
    const { site, origin } = c.env;
    const now = await findMovedSlug(deps.db, site.slug);
    if (!now) return null;
    if (!site.base) return app.fetch(c.req.raw, { site: { slug: now, base: '' }, origin });
    const url = new URL(c.req.url);
    const base = `${site.base.slice(0, -site.slug.length)}${now}`;
    c.header('Cache-Control', 'public, max-age=86400');
    return c.redirect(`${base}${url.pathname === '/' ? '' : url.pathname}${url.search}`, 301);
  }

  const portfolioNotFound = async (c: Context<SiteEnv>) =>
    (await moved(c)) ?? c.html(renderPortfolioNotFound(), 404, { ...PAGE_HEADERS, 'Cache-Control': 'no-cache' });
  const pageNotFound = (c: Context<SiteEnv>, artist: string) =>
    c.html(renderPageNotFound(siteUrls(c.env.site.base, c.env.origin).home, artist), 404, { ...PAGE_HEADERS, 'Cache-Control': 'no-cache' });

  /** A page of the live snapshot: 304 when the visitor has this version, else from the cache or rendered. */
  const page = (render: (ctx: SiteContext, c: Context<SiteEnv>) => Rendered) => async (c: Context<SiteEnv>) => {
    const { site, origin } = c.env;
    const version = await findPublishedVersion(deps.db, site.slug);
    if (version === null) return portfolioNotFound(c);
    // The address stays; its content changes with each publish, so browsers revalidate. Compressed here, once per
    // version, rather than by the app's compression for every visitor.
    const encoding = chooseEncoding(c.req.header('accept-encoding'));
    const headers = (v: number) => ({
      ...PAGE_HEADERS,
      ETag: siteEtag(site.slug, v, `${origin}${site.base}`, encoding),
      'Cache-Control': 'public, no-cache',
      Vary: 'Accept-Encoding',
    });
    if (matches(c.req.header('if-none-match'), headers(version).ETag)) return c.body(null, 304, headers(version));
    const key = (v: number) => `${site.slug}|${v}|${origin}${site.base}|${c.req.path}`;
    let entry = pages.get(key(version));
    let live = version;
    if (!entry) {
      const loaded = await load(site.slug, version);
      if (!loaded) return portfolioNotFound(c);
      const ctx: SiteContext = { ...loaded, urls: siteUrls(site.base, origin) };
      const fresh = render(ctx, c);
      if (!fresh) return pageNotFound(c, loaded.snapshot.artist.trim());
      live = loaded.snapshot.version;
      entry = encodePage(fresh.body, fresh.type);
      pages.set(key(live), entry);
    }
    const answer = { ...headers(live), 'Content-Type': entry.type };
    if (!encoding) return c.body(entry.body, 200, answer);
    return c.body(new Uint8Array(entry[encoding]), 200, { ...answer, 'Content-Encoding': encoding });
  };
  const html = (body: string | null): Rendered => (body === null ? null : { body, type: 'text/html; charset=UTF-8' });

  app.get(
    '/',
    page((ctx) => html(renderArtistPage(ctx))),
  );
  app.get(
    '/artworks/:id',
    page((ctx, c) => {
      const artwork = ctx.snapshot.artworks.find((a) => a.id === c.req.param('id'));
      return html(artwork ? renderArtworkPage(ctx, artwork, options.inquiryHtml?.(c.env.site, artwork)) : null);
    }),
  );
  app.get(
    '/collections/:id',
    // Unlisted ones open by their address; private ones are never in a snapshot.
    page((ctx, c) => {
      const collection = ctx.snapshot.collections.find((k) => k.id === c.req.param('id'));
      return html(collection ? renderCollectionPage(ctx, collection) : null);
    }),
  );
  app.get(
    '/sitemap.xml',
    page((ctx) => ({ body: renderSitemap(ctx), type: 'application/xml; charset=UTF-8' })),
  );
  app.get(
    '/robots.txt',
    page((ctx) => ({ body: renderRobots(ctx), type: 'text/plain; charset=UTF-8' })),
  );
  app.get('/favicon.svg', (c) =>
    c.body(FAVICON, 200, {
      'Content-Type': 'image/svg+xml',
      'Cache-Control': 'public, max-age=86400',
      'Content-Security-Policy': "default-src 'none'",
    }),
  );
  app.get('/images/:file', async (c) => (await servePublishedImage(deps, c, c.env.site.slug, c.req.param('file'))) ?? portfolioNotFound(c));
  app.all('*', async (c) => {
    const loaded = await load(c.env.site.slug, await findPublishedVersion(deps.db, c.env.site.slug));
    return loaded ? pageNotFound(c, loaded.snapshot.artist.trim()) : portfolioNotFound(c);
  });

  return async (site, request) => {
    const origin = site.base ? deps.config.appUrl : `https://${new URL(request.url).host}`;
    return app.fetch(request, { site, origin });
  };
}
