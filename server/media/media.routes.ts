import { artworkSchema } from '../../src/schemas/artwork.schema';
import { ARTWORK_MEDIA_TYPES, mediaListSchema, setPrimarySchema } from '../../src/schemas/media.schema';
import { uploadRequestSchema, uploadTicketSchema } from '../../src/schemas/upload.schema';
import { artworkIdParams, artworkMediaParams } from '../../src/schemas/artwork-params.schema';
import { toArtworkDto } from '../artworks/artwork.dto';
import { artworkNotFound, findArtwork } from '../artworks/artwork.repo';
import { requireUser } from '../auth/require-user';
import type { AppDeps } from '../context';
import { ApiRouter } from '../http/api-router';
import { errorDoc } from '../http/router';
import { apiBaseOf, createUpload } from '../uploads/uploads.service';
import { toMediaItem } from './media.dto';
import { ARTWORK_MEDIA_PURPOSE } from './media.processor';
import { deleteFiles } from '../storage/delete-files';
import { deleteMedia, listMedia, setPrimaryMedia } from './media.repo';

const tag = 'Artwork media';
const errors = { 400: errorDoc('Invalid input'), 401: errorDoc('Not signed in'), 404: errorDoc('No such artwork or media') };
const mediaRequestSchema = uploadRequestSchema(ARTWORK_MEDIA_TYPES);

/** An artwork's files: upload, list, choose the primary image, delete. (The bytes: media-file.routes.ts.) */
export function mediaRoutes(deps: AppDeps) {
  const api = new ApiRouter(requireUser(deps));
  const { db, mediaUrls } = deps;

  api.openapi(
    {
      method: 'post',
      path: '/artwork/:id/media',
      summary: 'Ask for a signed URL to upload a file of the artwork; PUT it there, then confirm the upload (which answers the media item)',
      tag,
      auth: true,
      params: artworkIdParams,
      body: mediaRequestSchema,
      responses: { 200: { description: 'Where to PUT the file', schema: uploadTicketSchema }, ...errors },
    },
    async (c, { params, body }) => {
      const userId = c.var.auth.user.userId;
      if (!(await findArtwork(db, userId, params.id))) throw artworkNotFound();
      const ticket = await createUpload(deps, {
        ...body,
        userId,
        purpose: ARTWORK_MEDIA_PURPOSE,
        targetId: params.id,
        apiUrl: apiBaseOf(deps, c),
      });
      return c.json(ticket, 200);
    },
  );

  api.openapi(
    {
      method: 'get',
      path: '/artwork/:id/media',
      summary: 'The media of an artwork, oldest first',
      tag,
      auth: true,
      params: artworkIdParams,
      responses: { 200: { description: 'The media items', schema: mediaListSchema }, ...errors },
    },
    async (c, { params }) => {
      const found = await listMedia(db, c.var.auth.user.userId, params.id);
      if (!found) throw artworkNotFound();
      return c.json({ items: found.rows.map((row) => toMediaItem(row, found.primaryId, mediaUrls)) }, 200);
    },
  );

  api.openapi(
    {
      method: 'post',
      path: '/artwork/:id/media/primary',
      summary: "Make one of the artwork's images its primary (the list and the journal show it)",
      tag,
      auth: true,
      params: artworkIdParams,
      body: setPrimarySchema,
      responses: { 200: { description: 'The artwork with its new primary image', schema: artworkSchema }, ...errors },
    },
    async (c, { params, body }) => {
      const userId = c.var.auth.user.userId;
      const row = (await setPrimaryMedia(db, userId, params.id, body.mediaId)) && (await findArtwork(db, userId, params.id));
      if (!row) throw artworkNotFound();
      return c.json(toArtworkDto(row, mediaUrls), 200);
    },
  );

  api.openapi(
    {
      method: 'delete',
      path: '/artwork/:id/media/:mediaId',
      summary: 'Delete a media item and its files (an artwork whose primary it was has none after)',
      tag,
      auth: true,
      params: artworkMediaParams,
      responses: { 204: { description: 'Deleted' }, ...errors },
    },
    async (c, { params }) => {
      const keys = await deleteMedia(db, c.var.auth.user.userId, params.id, params.mediaId);
      if (!keys) throw artworkNotFound();
      await deleteFiles(deps, keys);
      return c.body(null, 204);
    },
  );
  return api;
}
