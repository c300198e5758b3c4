import { type Context, Hono } from 'hono';
import { publicationSchema, publishPreviewSchema, publishRequestSchema, publishResultSchema } from '../../src/schemas/publish.schema';
import { requireUser } from '../auth/require-user';
import type { AppDeps, AppEnv } from '../context';
import { ApiRouter } from '../http/api-router';
import { clientAddress, errorDoc } from '../http/router';
import type { PublicSite } from '../site/public-site';
import { readdressed } from '../site/site.urls';
import { previewPublish } from './publish-preview';
import { lastPublication, publishPortfolio } from './publish.service';

/** POST /api/publish: the Publish button (at the address the artist chose); GET /api/publish: where it was last published. */
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
      method: 'get',
      path: '/publish/preview',
      summary: 'What publishing now would change on the public site (works and collections added, changed, removed); writes nothing',
      tag: 'Publish',
      auth: true,
      responses: { 200: { description: 'The changes', schema: publishPreviewSchema }, 401: errorDoc('Not signed in') },
    },
    async (c) => c.json(await previewPublish(deps.db, c.var.auth.user.userId), 200),
  );
  api.openapi(
    {
      method: 'post',
      path: '/publish',
      summary:
        "Publish the artist's public portfolio (a snapshot of every artwork) and answer its address; with `slug`, at that address (the previous one then redirects to it)",
      tag: 'Publish',
      auth: true,
      body: publishRequestSchema,
      bodyOptional: true,
      responses: {
        200: { description: 'Published', schema: publishResultSchema },
        400: errorDoc('The address is not 3-40 lowercase letters, digits and hyphens'),
        401: errorDoc('Not signed in'),
        409: errorDoc('The address is reserved or another artist’s'),
      },
    },
    async (c, { body }) => c.json(await publishPortfolio(deps, c.var.auth.user.userId, body.slug), 200),
  );
  return api;
}

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
