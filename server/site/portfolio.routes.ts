import { type Context, Hono } from 'hono';
import type { AppDeps, AppEnv } from '../context';
import { clientAddress } from '../http/router';
import type { PublicSite } from './public-site';
import { readdressed } from './site.urls';

/**
 * The published sites, open to anyone, at /p/<slug> on the app's own address (a verified custom domain mounts the same
 * handler at its root). Registered before the app's fallback.
 */
export function publicPortfolioRoutes(deps: AppDeps, site: PublicSite) {
  const app = new Hono<AppEnv>();
  const serve = (c: Context<AppEnv>) => {
    const url = new URL(c.req.url);
    // The slug as written in the address (a slug is [a-z0-9-] only; anything else finds no portfolio).
    const [, slug, rest] = /^\/p\/([^/]+)(\/.*)?$/.exec(url.pathname)!;
    const request = readdressed(c.req.raw, new URL(`${rest ?? '/'}${url.search}`, url.origin).href);
    return site({ slug, base: `/p/${slug}` }, request, clientAddress(c, deps.config.trustProxyHops));
  };
  app.get('/p/:slug', serve);
  app.get('/p/:slug/*', serve);
  // An artwork's inquiry form posts here; the site's other addresses take GET and HEAD only.
  app.post('/p/:slug/artworks/:artworkId/inquiry', serve);
  return app;
}
