import type { Context } from 'hono';
import * as z from 'zod/mini';
import { imageSizeQuerySchema } from '../../src/schemas/media.schema';
import { artworkIdParams } from '../../src/schemas/artwork-params.schema';
import { requireUser } from '../auth/require-user';
import type { AppDeps, AppEnv } from '../context';
import { ApiRouter } from '../http/api-router';
import { NotFound } from '../errors';
import { fileResponses, mediaIdParams, signedLinkQuery } from '../http/file-route';
import { sendBlob } from '../http/send-blob';
import type { MediaRow } from './media.dto';
import { findMedia, findPrimaryMedia, mediaNotFound } from './media.repo';
import { createMediaReader } from './media-reader';
import type { MediaSize } from '../media-urls';

const tag = 'Artwork media';
/** A media file's bytes never change (a new file is a new media id). */
const CACHE_CONTROL = 'private, max-age=3600';
/** Which image is primary can change at the same address: browsers revalidate (cheap with the ETag). */
const PRIMARY_CACHE_CONTROL = 'private, no-cache';

const fileQuery = z.extend(imageSizeQuerySchema, signedLinkQuery);
const responses = fileResponses('The bytes (an image variant is WebP; the original has its own type)', 'No such media or size');

/**
 * The bytes of media files. A request carries either the bearer token (the user's own files) or a signed link from a
 * media item, an artwork or a journal entry (exp + sig: usable in <img> and <video>, which send no token).
 */
export function mediaFileRoutes(deps: AppDeps) {
  const api = new ApiRouter(requireUser(deps));
  const reader = createMediaReader(deps);

  const send = (c: Context<AppEnv>, media: MediaRow, size: MediaSize, cacheControl = CACHE_CONTROL) => {
    const key = size === 'original' ? media.storageKey : media.variants[size];
    if (!key) throw new NotFound(`This media has no ${size} size.`);
    return sendBlob(c, deps.storage, key, {
      etag: `"${media.id}-${size}"`,
      cacheControl,
      fileName: size === 'original' ? media.fileName : undefined,
    });
  };

  api.openapi(
    {
      method: 'get',
      path: '/media/:mediaId',
      summary: 'A media file, or one size of an image (no size: the original). Bearer token or signed link; Range supported',
      tag,
      params: mediaIdParams,
      query: fileQuery,
      responses,
    },
    async (c, { params, query }) => {
      const size = query.size ?? 'original';
      const userId = await reader(c, { mediaId: params.mediaId }, size, query);
      const media = await findMedia(deps.db, userId, params.mediaId);
      if (!media) throw mediaNotFound();
      return send(c, media, size);
    },
  );

  api.openapi(
    {
      method: 'get',
      path: '/artwork/:id/media/primary',
      summary: "The artwork's primary image in one size (no size: the original). Bearer token or signed link",
      tag,
      params: artworkIdParams,
      query: fileQuery,
      responses,
    },
    async (c, { params, query }) => {
      const size = query.size ?? 'original';
      const userId = await reader(c, { artworkId: params.id }, size, query);
      const media = await findPrimaryMedia(deps.db, userId, params.id);
      if (!media) throw new NotFound('This artwork has no primary image.');
      return send(c, media, size, PRIMARY_CACHE_CONTROL);
    },
  );
  return api;
}
