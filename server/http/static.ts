import fs from 'node:fs';
import path from 'node:path';
import type { Hono, MiddlewareHandler } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import type { AppEnv } from '../context';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * A file the build does not have, not a page of the app: a name with a dot at the top level (/ads.txt,
 * /sitemap.xml, /favicon.ico) or anything under /.well-known/. The app's own addresses with a dot in them are
 * nested (/social-media/account/ada.bsky.social), so they still get the app.
 */
const isFileAddress = (p: string) => /^\/[^/]*\.[^/]*$/.test(p) || p.startsWith('/.well-known/');

/**
 * Serves the built app: hashed assets cached for a year, index.html for every other page so the app's router
 * decides (its 404 page included); a missing file (an asset, /ads.txt) is a plain 404, never the app's page. Text
 * files go out as the Brotli or gzip copy made at build time when the visitor accepts it; a range request gets the
 * plain file, since byte offsets refer to it.
 *
 * `staticDir` holds two builds (vite.config.ts): the app, and in its qa/ folder the same app framed by the QA studio.
 * QA mode serves the second; otherwise that folder is not there (/qa/... is any unknown page: the app's 404).
 */
export function serveApp(app: Hono<AppEnv>, staticDir: string, { qaTools = false } = {}) {
  const buildDir = qaTools ? path.join(staticDir, 'qa') : staticDir;
  const indexFile = path.join(buildDir, 'index.html');
  const root = path.relative(process.cwd(), buildDir) || '.';
  const qaBuild = (p: string) => !qaTools && (p === '/qa' || p.startsWith('/qa/'));
  const files = (cacheControl: string, filePath?: string) => {
    const options = { root: filePath ? '' : root, path: filePath };
    const compressed = serveStatic({ ...options, precompressed: true });
    const plain = serveStatic(options);
    const handler: MiddlewareHandler<AppEnv> = async (c, next) => {
      // Source maps are kept for reading error reports, not handed to visitors.
      if (c.req.path.endsWith('.map')) return c.notFound();
      if (!filePath && qaBuild(c.req.path)) return next();
      const found = await (c.req.header('range') ? plain(c, next) : compressed(c, next));
      // A file that was not found went on to the next handler, whose answer is its own (never a 404 for a year).
      if (!(found instanceof Response)) return;
      found.headers.set('Cache-Control', cacheControl);
      // Caches must keep the encodings apart even when this visitor got the plain file.
      if (!found.headers.has('Vary')) found.headers.set('Vary', 'Accept-Encoding');
      return found;
    };
    return handler;
  };
  const indexPage = files('no-cache', path.relative(process.cwd(), indexFile));
  app.use('/assets/*', files(IMMUTABLE));
  app.use('*', files('no-cache'));
  app.get('*', async (c, next) => {
    if (c.req.path.startsWith('/api/') || c.req.path.startsWith('/assets/') || isFileAddress(c.req.path)) return c.notFound();
    if (!fs.existsSync(indexFile)) {
      return c.text('The app is not built yet: run `npm run build` (npm start does it for you).', 503);
    }
    return (await indexPage(c, next)) ?? c.notFound();
  });
  // The app's pages are only ever read (GET, HEAD): another method on a page address is 405 with Allow, not the page
  // (the app would render as if read, and a form posted there would seem to have worked). Unknown API addresses and
  // files keep their 404.
  app.on(['POST', 'PUT', 'PATCH', 'DELETE'], '*', (c) => {
    if (c.req.path.startsWith('/api/') || c.req.path.startsWith('/assets/') || isFileAddress(c.req.path)) return c.notFound();
    c.header('Allow', 'GET, HEAD');
    return c.text('405 Method Not Allowed: this page is read with GET.', 405);
  });
}
