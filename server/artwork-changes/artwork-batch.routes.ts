import * as z from 'zod/mini';
import { artworkBatchSchema, batchResultSchema, undoResultSchema } from '../../src/schemas/artwork-batch.schema';
import { requireUser } from '../auth/require-user';
import type { AppDeps } from '../context';
import { ApiRouter } from '../http/api-router';
import { errorDoc } from '../http/router';
import { applyBatch, undoBatch } from './artwork-batch.repo';

const tag = 'Artworks';
const errors = { 400: errorDoc('Invalid input'), 401: errorDoc('Not signed in') };
const batchParams = z.object({ batchId: z.uuid({ error: 'Batch ID must be a valid UUID' }) });

/** My Artworks' bulk actions: one change to many artworks, all or nothing, and its undo. */
export function artworkBatchRoutes(deps: AppDeps) {
  const api = new ApiRouter(requireUser(deps));
  const { db } = deps;

  api.openapi(
    {
      method: 'post',
      path: '/artwork/batch',
      summary:
        'Delete artworks, set their sale status, show or hide them on the public site, or add them to a collection, in ' +
        'one transaction (journal entries as for each change alone); answers the batch id that undoes it',
      tag,
      auth: true,
      body: artworkBatchSchema,
      responses: {
        200: { description: 'Done; undo it with the batch id until undoUntil', schema: batchResultSchema },
        404: errorDoc('An artwork or the collection is not the artist’s; nothing changed'),
        ...errors,
      },
    },
    async (c, { body }) => c.json(await applyBatch(db, c.var.auth.user.userId, body), 200),
  );

  api.openapi(
    {
      method: 'post',
      path: '/artwork/batch/:batchId/undo',
      summary: 'Put back exactly what a batch changed (deleted artworks with their files, places and links; previous values)',
      tag,
      auth: true,
      params: batchParams,
      responses: {
        200: { description: 'Undone', schema: undoResultSchema },
        404: errorDoc('No such batch of the artist'),
        409: errorDoc('Undone already'),
        410: errorDoc('Too old to undo'),
        ...errors,
      },
    },
    async (c, { params }) => c.json(await undoBatch(db, c.var.auth.user.userId, params.batchId), 200),
  );
  return api;
}
