import {
  artworkInputSchema,
  artworkListQuerySchema,
  artworkPageSchema,
  artworkSchema,
  artworkUpdateSchema,
} from '../../src/schemas/artwork.schema';
import { requireUser } from '../auth/require-user';
import type { AppDeps } from '../context';
import { ApiRouter } from '../http/api-router';
import { errorDoc } from '../http/router';
import { deleteFiles } from '../storage/delete-files';
import { artworkFromFileSchema } from '../../src/schemas/artwork-file.schema';
import { uploadTicketSchema } from '../../src/schemas/upload.schema';
import { apiBaseOf, createUpload } from '../uploads/uploads.service';
import { ARTWORK_FROM_FILE_PURPOSE } from './artwork-from-file.purpose';
import { artworkIdParams } from '../../src/schemas/artwork-params.schema';
import { toArtworkDto } from './artwork.dto';
import { artworkNotFound, createArtwork, findArtwork, listArtworks, replaceArtwork } from './artwork.repo';

const tag = 'Artworks';
const errors = { 400: errorDoc('Invalid input'), 401: errorDoc('Not signed in') };
const notFoundDoc = { 404: errorDoc('No such artwork') };

/** Deletes an artwork (artwork-changes/artwork-delete.repo.ts, above this folder: its collections record the change). */
export type DeleteArtwork = (db: AppDeps['db'], userId: string, artworkId: string) => Promise<string[] | null>;

/** The signed-in artist's artworks: a paged, sorted, filtered list, and create / read / replace / delete. */
export function artworkRoutes(deps: AppDeps, deleteArtwork: DeleteArtwork) {
  const api = new ApiRouter(requireUser(deps));
  const { db, mediaUrls } = deps;

  api.openapi(
    {
      method: 'get',
      path: '/artwork',
      summary: 'One page of artworks, sorted (id breaks ties) and filtered: q searches title and medium',
      tag,
      auth: true,
      query: artworkListQuerySchema,
      responses: { 200: { description: 'The page and the total matching', schema: artworkPageSchema }, ...errors },
    },
    async (c, { query }) => {
      const { rows, total } = await listArtworks(db, c.var.auth.user.userId, query);
      return c.json({ items: rows.map((row) => toArtworkDto(row, mediaUrls)), total, page: query.page, pageSize: query.pageSize }, 200);
    },
  );

  api.openapi(
    {
      method: 'post',
      path: '/artwork',
      summary: "Create an artwork (journal: 'artwork.new'); created SOLD, a sale to an unknown buyer is recorded",
      tag,
      auth: true,
      body: artworkInputSchema,
      responses: { 201: { description: 'The new artwork', schema: artworkSchema }, ...errors },
    },
    async (c, { body }) => c.json(toArtworkDto(await createArtwork(db, c.var.auth.user.userId, body), mediaUrls), 201),
  );

  api.openapi(
    {
      method: 'post',
      path: '/artwork/from-file',
      summary:
        'Start an artwork from a file: a signed URL to PUT the file to; confirming the upload creates the artwork ' +
        "(titled from the file's name, sizes read from it, the file its first media) and answers it with its media item",
      tag,
      auth: true,
      body: artworkFromFileSchema,
      responses: { 200: { description: 'Where to PUT the file', schema: uploadTicketSchema }, ...errors },
    },
    async (c, { body }) => {
      const { mediaType, ...file } = body;
      const ticket = await createUpload(deps, {
        ...file,
        userId: c.var.auth.user.userId,
        purpose: ARTWORK_FROM_FILE_PURPOSE,
        targetId: mediaType,
        apiUrl: apiBaseOf(deps, c),
      });
      return c.json(ticket, 200);
    },
  );

  api.openapi(
    {
      method: 'get',
      path: '/artwork/:id',
      summary: 'One artwork',
      tag,
      auth: true,
      params: artworkIdParams,
      responses: { 200: { description: 'The artwork', schema: artworkSchema }, ...notFoundDoc, ...errors },
    },
    async (c, { params }) => {
      const row = await findArtwork(db, c.var.auth.user.userId, params.id);
      if (!row) throw artworkNotFound();
      return c.json(toArtworkDto(row, mediaUrls), 200);
    },
  );

  api.openapi(
    {
      method: 'put',
      path: '/artwork/:id',
      summary:
        "Replace every field of an artwork (journal: 'artwork.updated' with the changed fields, when any changed); saleStatus, optional, goes through the artwork's chart",
      tag,
      auth: true,
      params: artworkIdParams,
      body: artworkUpdateSchema,
      responses: {
        200: { description: 'The artwork as saved', schema: artworkSchema },
        409: errorDoc("The artwork's chart does not allow that sale status now (Sold only by recording a sale); nothing is saved"),
        ...notFoundDoc,
        ...errors,
      },
    },
    async (c, { params, body }) => {
      const row = await replaceArtwork(db, c.var.auth.user.userId, params.id, body);
      if (!row) throw artworkNotFound();
      return c.json(toArtworkDto(row, mediaUrls), 200);
    },
  );

  api.openapi(
    {
      method: 'delete',
      path: '/artwork/:id',
      summary: 'Delete an artwork with its media files',
      tag,
      auth: true,
      params: artworkIdParams,
      responses: { 204: { description: 'Deleted' }, ...notFoundDoc, ...errors },
    },
    async (c, { params }) => {
      const keys = await deleteArtwork(db, c.var.auth.user.userId, params.id);
      if (!keys) throw artworkNotFound();
      await deleteFiles(deps, keys);
      return c.body(null, 204);
    },
  );
  return api;
}
