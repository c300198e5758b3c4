import * as z from 'zod/mini';
import { requireUser } from '../auth/require-user';
import type { AppDeps } from '../context';
import { NotFound } from '../errors';
import { ApiRouter } from '../http/api-router';
import { fileResponses, mediaIdParams, signedLinkQuery } from '../http/file-route';
import { sendBlob } from '../http/send-blob';
import { createMediaReader } from '../media/media-reader';
import { findPostMedia } from './posts.repo';

const query = z.object({
  size: z.optional(z.enum(['preview', 'original'], { error: 'Size must be preview or original' })),
  ...signedLinkQuery,
});

/** The bytes of a post's file: the bearer token (the artist's own), or a signed link from the post (for <img>). */
export function postMediaFileRoutes(deps: AppDeps) {
  const api = new ApiRouter(requireUser(deps));
  const reader = createMediaReader(deps);
  api.openapi(
    {
      method: 'get',
      path: '/social-media/media/:mediaId',
      summary: "A post's file (size=preview: an image's 400 x 400 WebP). Bearer token or signed link; Range supported",
      tag: 'Social media',
      params: mediaIdParams,
      query,
      responses: fileResponses('The bytes', 'No such file'),
    },
    async (c, { params, query }) => {
      const size = query.size ?? 'original';
      const userId = await reader(c, { postMediaId: params.mediaId }, size, query);
      const media = await findPostMedia(deps.db, userId, params.mediaId);
      const key = size === 'preview' ? media?.previewKey : media?.storageKey;
      if (!media || !key) throw new NotFound('File not found.');
      return sendBlob(c, deps.storage, key, {
        etag: `"${media.id}-${size}"`,
        cacheControl: 'private, max-age=3600',
        fileName: size === 'original' ? media.fileName : undefined,
      });
    },
  );
  return api;
}
