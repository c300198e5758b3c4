import * as z from 'zod/mini';
import {
  POST_FILE_TYPES,
  maxPostFiles,
  postFileProblem,
  savePostResultSchema,
  savePostSchema,
  socialPostSchema,
} from '../../src/schemas/social.schema';
import { fittedPreviewRequestSchema, fittedPreviewSchema } from '../../src/schemas/image-fit.schema';
import { uploadRequestSchema, uploadTicketSchema } from '../../src/schemas/upload.schema';
import { requireUser } from '../auth/require-user';
import type { AppDeps } from '../context';
import { Invalid, NotFound } from '../errors';
import { ApiRouter } from '../http/api-router';
import { errorDoc } from '../http/router';
import { deleteFiles } from '../storage/delete-files';
import { apiBaseOf, createUpload } from '../uploads/uploads.service';
import { postNotFound, postPublished, tooManyFiles } from './post-errors';
import { POST_MEDIA_PURPOSE } from './post-media.processor';
import { FitFailed, fittedMedia } from './post-media-fit';
import { fileCountOf, findPost, findPostMedia, listPosts, postDtos, savePost } from './posts.repo';
import { publishNow } from './publishing';

const tag = 'Social media';
const errors = { 400: errorDoc('Invalid input'), 401: errorDoc('Not signed in') };
const notFoundDoc = { 404: errorDoc('No such post') };
export const postIdParams = z.object({ postId: z.uuid({ error: 'Post ID must be a valid UUID' }) });
const epochMs = (name: string) =>
  z.optional(z.string().check(z.regex(/^\d{1,15}$/, { error: `${name} must be a time in epoch milliseconds` })));
const listQuery = z.object({
  from: epochMs('from'),
  to: epochMs('to'),
  drafts: z.optional(z.enum(['true', 'false'], { error: 'drafts must be true or false' })),
  failed: z.optional(z.enum(['true', 'false'], { error: 'failed must be true or false' })),
});
const mediaRequestSchema = uploadRequestSchema(POST_FILE_TYPES);
/** How long the address of a fitted preview works: long enough to look at, not a lasting link. */
const FITTED_PREVIEW_TTL_SECONDS = 15 * 60;
const notAnImage = 'Only images are fitted.';

/** Posts: list (calendar ranges), read, create or update a draft, publish, and upload a file to a draft. */
export function postRoutes(deps: AppDeps) {
  const api = new ApiRouter(requireUser(deps));
  const { db } = deps;

  const answerPost = async (userId: string, postId: string) => {
    const row = await findPost(db, userId, postId);
    if (!row) throw postNotFound();
    return (await postDtos(deps, [row]))[0];
  };

  api.openapi(
    {
      method: 'get',
      path: '/social-media/post',
      summary:
        "The artist's posts with their files and responses, newest first. from / to (epoch ms, to excluded) keep posts whose calendar date " +
        '(published, else scheduled) falls in the range; drafts=true keeps drafts, drafts=false published posts; failed=true keeps ' +
        'posts published in the last 30 days with a delivery that failed. At most 1000.',
      tag,
      auth: true,
      query: listQuery,
      responses: { 200: { description: 'The posts', schema: z.array(socialPostSchema) }, ...errors },
    },
    async (c, { query }) => {
      const rows = await listPosts(db, c.var.auth.user.userId, {
        from: query.from === undefined ? undefined : Number(query.from),
        to: query.to === undefined ? undefined : Number(query.to),
        drafts: query.drafts === undefined ? undefined : query.drafts === 'true',
        failed: query.failed === 'true',
      });
      return c.json(await postDtos(deps, rows), 200);
    },
  );

  api.openapi(
    {
      method: 'get',
      path: '/social-media/post/:postId',
      summary: 'One post with its files and, once published, one response per account',
      tag,
      auth: true,
      params: postIdParams,
      responses: { 200: { description: 'The post', schema: socialPostSchema }, ...notFoundDoc, ...errors },
    },
    async (c, { params }) => c.json(await answerPost(c.var.auth.user.userId, params.postId), 200),
  );

  api.openapi(
    {
      method: 'post',
      path: '/social-media/post',
      summary:
        'Create a draft (no postId) or update one. The accounts must be connected; mediaIds lists the files of the post in order (a file ' +
        'left out is deleted); a scheduled draft must fit Bluesky (300 characters with its hashtags and mentions). artworkId names the ' +
        "artist's own artwork the post is shared from (left out on an update: kept). A published post answers 409.",
      tag,
      auth: true,
      body: savePostSchema,
      responses: {
        200: { description: 'The saved draft', schema: savePostResultSchema },
        ...notFoundDoc,
        409: errorDoc('The post is published'),
        ...errors,
      },
    },
    async (c, { body }) => {
      const userId = c.var.auth.user.userId;
      const { post, removedKeys } = await savePost(db, userId, body);
      await deleteFiles(deps, removedKeys);
      const [dto] = await postDtos(deps, [post]);
      return c.json({ postId: post.id, post: dto }, 200);
    },
  );

  api.openapi(
    {
      method: 'post',
      path: '/social-media/post/:postId/publish',
      summary:
        'Publish now: the draft becomes published and gets one delivery per account, each tried at once (the answer shows them posted, or ' +
        'pending while the server keeps trying). On a published post, failed deliveries are tried again. Images or one video are sent to Bluesky; other files are not.',
      tag,
      auth: true,
      params: postIdParams,
      responses: { 200: { description: 'The post with its responses', schema: socialPostSchema }, ...notFoundDoc, ...errors },
    },
    async (c, { params }) => {
      const userId = c.var.auth.user.userId;
      const deliveries = await publishNow(db, userId, params.postId);
      await deps.social.worker.deliverNow(deliveries.filter((d) => d.status === 'pending').map((d) => d.id));
      return c.json(await answerPost(userId, params.postId), 200);
    },
  );

  api.openapi(
    {
      method: 'post',
      path: '/social-media/post/:postId/media',
      summary:
        'Ask for a signed URL to upload a file of a draft (images, audio, video, PDF up to 20 MB; at most 4 files, or 10 with an Instagram or Facebook account chosen); PUT it there, then confirm ' +
        'the upload, which answers the file with an address to show it',
      tag,
      auth: true,
      params: postIdParams,
      body: mediaRequestSchema,
      responses: {
        200: { description: 'Where to PUT the file', schema: uploadTicketSchema },
        ...notFoundDoc,
        409: errorDoc('The post is published'),
        ...errors,
      },
    },
    async (c, { params, body }) => {
      const userId = c.var.auth.user.userId;
      const problem = postFileProblem({ name: body.fileName, type: body.fileType, size: body.fileSizeInBytes });
      if (problem) throw new Invalid(problem, { fieldErrors: { fileType: [problem] } });
      const post = await findPost(db, userId, params.postId);
      if (!post) throw postNotFound();
      if (!post.isDraft) throw postPublished();
      const max = maxPostFiles(post.accounts);
      if ((await fileCountOf(db, post.id)) >= max) throw tooManyFiles(max);
      const ticket = await createUpload(deps, {
        ...body,
        userId,
        purpose: POST_MEDIA_PURPOSE,
        targetId: post.id,
        apiUrl: apiBaseOf(deps, c),
      });
      return c.json(ticket, 200);
    },
  );
  api.openapi(
    {
      method: 'post',
      path: '/social-media/fitted-preview',
      summary:
        "One of the artist's post images as Instagram will receive it: the JPEG Meta would fetch (the work whole, on the mat chosen, inside " +
        '4:5 to 1.91:1, 320-1440 px wide), at an address that works for 15 minutes, and where the work sits inside it. Made once per file ' +
        'and mat.',
      tag,
      auth: true,
      body: fittedPreviewRequestSchema,
      responses: {
        200: { description: 'The fitted image', schema: fittedPreviewSchema },
        404: errorDoc('No such file'),
        ...errors,
      },
    },
    async (c, { body }) => {
      const media = await findPostMedia(db, c.var.auth.user.userId, body.mediaId);
      if (!media) throw new NotFound('File not found.');
      if (!media.contentType.startsWith('image/')) throw new Invalid(notAnImage, { fieldErrors: { mediaId: [notAnImage] } });
      const fitted = await fittedMedia(deps.storage, media, body.mat).catch((err: unknown) => {
        if (!(err instanceof FitFailed)) throw err;
        if (err.reason === 'missing') throw new NotFound('The file is missing. Upload it again.');
        const unreadable = 'This image cannot be read to fit it.';
        throw new Invalid(unreadable, { fieldErrors: { mediaId: [unreadable] } });
      });
      const { key, ...facts } = fitted;
      return c.json({ url: `${deps.config.appUrl}${deps.mediaLinks.path(key, FITTED_PREVIEW_TTL_SECONDS)}`, ...facts }, 200);
    },
  );
  return api;
}
