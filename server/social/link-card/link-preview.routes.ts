import * as z from 'zod/mini';
import { linkCardSchema, linkPreviewRequestSchema } from '../../../src/schemas/link-card.schema';
import { requireUser } from '../../auth/require-user';
import { hit, type Limit } from '../../auth/rate-limit';
import type { AppDeps } from '../../context';
import { NotFound } from '../../errors';
import { ApiRouter } from '../../http/api-router';
import { fileResponses } from '../../http/file-route';
import { errorDoc } from '../../http/router';
import { sendBlob } from '../../http/send-blob';
import { THUMB_HASH, thumbKeyOf } from './link-thumb';

const tag = 'Social media';
/** Pages read per artist (remembered answers are free): enough for typing links, not for crawling through us. */
export const LINK_PREVIEW_LIMIT: Limit = { name: 'link-preview:user', max: 30, windowSeconds: 60 };
const thumbParams = z.object({ hash: z.string().check(z.regex(THUMB_HASH, { error: 'Not a thumbnail address' })) });

/** Link cards: the preview of a link the artist typed, and the recompressed images the previews point at. */
export function linkPreviewRoutes(deps: AppDeps) {
  const api = new ApiRouter(requireUser(deps));

  api.openapi(
    {
      method: 'post',
      path: '/social/link-preview',
      summary:
        "The card of a link (app.bsky.embed.external): the page's OpenGraph / Twitter title, description and image (recompressed under " +
        "Bluesky's blob limit), read through the outbound guard (no private addresses, at most 5 redirects, 5 s, HTML only, 1 MB read). " +
        'Remembered for 10 minutes per URL; at most 30 pages read per artist per minute.',
      tag,
      auth: true,
      body: linkPreviewRequestSchema,
      responses: {
        200: { description: 'The card', schema: linkCardSchema },
        400: errorDoc('Not an http(s) address, or one in a private network'),
        401: errorDoc('Not signed in'),
        429: errorDoc('Too many pages read in a minute'),
        502: errorDoc('The page cannot be reached, redirects too often, or is not HTML'),
      },
    },
    async (c, { body }) => {
      if (!deps.linkPreviews.isCached(body.url)) await hit(deps.db, LINK_PREVIEW_LIMIT, c.var.auth.user.userId);
      return c.json(await deps.linkPreviews.preview(body.url), 200);
    },
  );

  api.openapi(
    {
      method: 'get',
      path: '/social/link-preview/thumb/:hash',
      summary: "A link card's image as recompressed for Bluesky, named by the hash of its bytes (a copy of a public page's image)",
      tag,
      params: thumbParams,
      responses: fileResponses('The JPEG', 'No such image'),
    },
    async (c, { params }) => {
      const key = thumbKeyOf(params.hash);
      if (!(await deps.storage.stat(key))) throw new NotFound('Image not found.');
      return sendBlob(c, deps.storage, key, { etag: `"${params.hash}"`, cacheControl: 'public, max-age=31536000, immutable' });
    },
  );
  return api;
}
