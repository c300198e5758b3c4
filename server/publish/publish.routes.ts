import { publicationSchema, publishPreviewSchema, publishRequestSchema, publishResultSchema } from '../../src/schemas/publish.schema';
import { requireUser } from '../auth/require-user';
import type { AppDeps } from '../context';
import { ApiRouter } from '../http/api-router';
import { errorDoc } from '../http/router';
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
