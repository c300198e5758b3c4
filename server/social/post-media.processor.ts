import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { AppDeps } from '../context';
import { maxPostFiles } from '../../src/schemas/social.schema';
import { POSTABLE_VIDEO_TYPES, VIDEO_MESSAGES, videoFileProblem } from '../../src/schemas/post-video.schema';
import { Conflict, Invalid, UnsupportedType } from '../errors';
import { deleteFiles } from '../storage/delete-files';
import { INPUT_OPTIONS, WEBP_OPTIONS } from '../media/media.variants';
import type { UploadProcessor } from '../uploads/uploads.service';
import { postNotFound, postPublished, tooManyFiles } from './post-errors';
import { toPostMediaDto } from './posts.dto';
import { fileCountAndLastPosition, insertPostMedia, lockPostForFile } from './posts.repo';
import { fittedMedia } from './post-media-fit';
import { probeVideo, type VideoFacts } from '../media/video-probe';

export const POST_MEDIA_PURPOSE = 'post-media';
const PREVIEW_SIDE = 400;

/** A 400 x 400 WebP to show an image in the editor (upright, no metadata), and the image's upright size. */
async function previewOf(bytes: Buffer, fileName: string) {
  try {
    const input = sharp(bytes, INPUT_OPTIONS);
    const [meta, preview] = await Promise.all([
      input.metadata(),
      input
        .clone()
        .autoOrient()
        .resize(PREVIEW_SIDE, PREVIEW_SIDE, { fit: 'inside', withoutEnlargement: true })
        .webp(WEBP_OPTIONS)
        .toBuffer(),
    ]);
    return { preview, width: meta.autoOrient.width, height: meta.autoOrient.height };
  } catch {
    throw new UnsupportedType(`${fileName} could not be read as an image.`);
  }
}

/**
 * A video Bluesky takes: its size (for the aspect ratio) and length read now, so that a long one is refused at once.
 * The stored file is read in ranges as MediaInfo asks for them, never held whole.
 */
async function videoFactsOf(
  deps: Pick<AppDeps, 'storage'>,
  upload: { storageKey: string; fileName: string; contentType: string },
  size: number,
) {
  const facts = await probeVideo({
    size,
    read: async (offset, length) => {
      const part = await deps.storage.read(upload.storageKey, { start: offset, end: offset + length - 1 });
      if (!part) throw new Conflict('The file has not arrived yet.');
      return Buffer.concat(await part.body.toArray());
    },
  });
  if (!facts) throw new UnsupportedType(VIDEO_MESSAGES.unreadable(upload.fileName));
  const problem = videoFileProblem({ name: upload.fileName, type: upload.contentType, size, durationMs: facts.durationMs });
  if (problem) throw new Invalid(problem, { fieldErrors: { file: [problem] } });
  return facts;
}

/**
 * A confirmed file of a draft post (size and magic numbers already checked): the original is kept as uploaded (an
 * image is recompressed for Bluesky only when it is published), an image also gets its preview, a video has its size
 * and length read (a video Bluesky would refuse is refused here, with why). It joins the end of
 * the post's files; a fifth file is refused. Anything stored is removed again if a later step fails.
 */
export const processPostMedia: UploadProcessor = async (deps, upload) => {
  const postId = upload.targetId;
  if (!postId) throw postNotFound();
  const mediaId = randomUUID();
  const folder = `social/${upload.userId}/${postId}/${mediaId}`;
  const stored: string[] = [];
  try {
    let image: Awaited<ReturnType<typeof previewOf>> | null = null;
    if (upload.contentType.startsWith('image/')) {
      const object = await deps.storage.read(upload.storageKey);
      if (!object) throw new Conflict('The file has not arrived yet.');
      image = await previewOf(Buffer.concat(await object.body.toArray()), upload.fileName);
      stored.push(`${folder}/preview.webp`);
      await deps.storage.put(`${folder}/preview.webp`, image.preview, 'image/webp');
    }
    const info = await deps.storage.stat(upload.storageKey);
    if (!info) throw new Conflict('The file has not arrived yet.');
    let video: VideoFacts | null = null;
    if ((POSTABLE_VIDEO_TYPES as readonly string[]).includes(upload.contentType)) video = await videoFactsOf(deps, upload, info.size);
    const originalKey = `${folder}/original`;
    stored.push(originalKey);
    await deps.storage.move(upload.storageKey, originalKey);
    const row = await deps.db.transaction(async (tx) => {
      const post = await lockPostForFile(tx, upload.userId, postId);
      if (!post) throw postNotFound();
      if (!post.isDraft) throw postPublished();
      const { count, last } = await fileCountAndLastPosition(tx, postId);
      const max = maxPostFiles(post.accounts);
      if (count >= max) throw tooManyFiles(max);
      const inserted = await insertPostMedia(tx, {
        id: mediaId,
        postId,
        userId: upload.userId,
        fileName: upload.fileName,
        contentType: upload.contentType,
        fileSizeBytes: info.size,
        storageKey: originalKey,
        previewKey: image ? `${folder}/preview.webp` : null,
        width: image?.width ?? video?.width ?? null,
        height: image?.height ?? video?.height ?? null,
        durationMs: video?.durationMs ?? null,
        position: last + 1,
      });
      return { inserted, forInstagram: post.accounts.some((a) => a.platform === 'instagram') };
    });
    // Instagram's version of the picture is made now, with its preview, rather than when the post is due (cached per
    // file and mat: the publish, or another mat chosen later, finds it or makes its own). Not made is not a failure.
    if (image && row.forInstagram)
      await fittedMedia(deps.storage, row.inserted, row.inserted.mat).catch((err: unknown) =>
        deps.log.warn({ err: String(err), mediaId }, 'could not prepare the Instagram version of a post image'),
      );
    return toPostMediaDto(row.inserted, deps.mediaUrls);
  } catch (err) {
    await deleteFiles(deps, stored);
    throw err;
  }
};
