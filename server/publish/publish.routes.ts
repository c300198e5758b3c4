import { type Context, Hono } from 'hono';
import { publicationSchema, publishResultSchema } from '../../src/schemas/publish.schema';
import { requireUser } from '../auth/require-user';
import type { AppDeps, AppEnv } from '../context';
import { ApiRouter } from '../http/api-router';
import { errorDoc } from '../http/router';
import { sendBlob } from '../http/send-blob';
import { PAGE_CSP, renderNotFound, renderPortfolio } from './portfolio.page';
import { findPublication, findPublishedVersion, imageKey, lastPublication, publishPortfolio } from './publish.service';

const PAGE_HEADERS = {
  'Content-Security-Policy': PAGE_CSP,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
};

/** POST /api/publish: the Home page's Publish button; GET /api/publish: where it was last published. */
export function publishRoutes(deps: AppDeps) {
  const api = new ApiRouter(requireUser(deps));
  api.openapi(
    {
      method: 'get',
      path: '/publish',
      summary: "Where and when the artist's portfolio was last published (null before the first publish)",
      tag: 'Publish',
      auth: true,
      responses: { 200: { description: 'The last publication, or null', schema: publicationSchema }, 401: errorDoc('Not signed in') },
    },
    async (c) => c.json(await lastPublication(deps, c.var.auth.user.userId), 200),
  );
  api.openapi(
    {
      method: 'post',
      path: '/publish',
      summary: "Publish the artist's public portfolio (a snapshot of every artwork) and answer its address",
      tag: 'Publish',
      auth: true,
      responses: { 200: { description: 'Published', schema: publishResultSchema }, 401: errorDoc('Not signed in') },
    },
    async (c) => c.json(await publishPortfolio(deps, c.var.auth.user.userId), 200),
  );
  return api;
}

/** The published portfolios, open to anyone: /p/<slug> and its images. Registered before the app's fallback. */
export function publicPortfolioRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const missing = (c: Context<AppEnv>) => c.html(renderNotFound(), 404, { ...PAGE_HEADERS, 'Cache-Control': 'no-cache' });

  app.get('/p/:slug', async (c) => {
    const found = await findPublication(deps.db, c.req.param('slug'));
    if (!found) return missing(c);
    // The address stays; its content changes with each publish, so browsers revalidate (304 while unchanged).
    const etag = `"${c.req.param('slug')}-${found.snapshot.version}"`;
    const headers = { ...PAGE_HEADERS, ETag: etag, 'Cache-Control': 'public, no-cache' };
    if (c.req.header('if-none-match') === etag) return c.body(null, 304, headers);
    return c.html(renderPortfolio(c.req.param('slug'), found.snapshot, found.publishedAt), 200, headers);
  });

  app.get('/p/:slug/images/:file', async (c) => {
    const { slug, file } = c.req.param();
    // <version>-<n>-sm.webp and <version>-<n>-lg.webp; <version>-<n>.webp is a format 1 snapshot's only size.
    const match = /^(\d{1,9})-(\d{1,6}(?:-sm|-lg)?\.webp)$/.exec(file);
    // Only the live snapshot's folder is served; earlier versions' files are deleted once a newer one is live.
    if (!match || (await findPublishedVersion(deps.db, slug)) !== Number(match[1])) return c.text('Not found.', 404);
    return sendBlob(c, deps.storage, imageKey(slug, Number(match[1]), match[2]), {
      etag: `"${slug}-${file}"`,
      // Each address names its version: the bytes behind it never change.
      cacheControl: 'public, max-age=31536000, immutable',
    });
  });
  return app;
}
