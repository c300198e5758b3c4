import { randomUUID } from 'node:crypto';
import type { ImageSize } from '../../src/schemas/media.schema';
import { mediaKindOf } from '../../src/schemas/media.schema';
import { findArtwork } from '../artworks/artwork.repo';
import type { AppDeps } from '../context';
import { Conflict, DomainError, NotFound, UnsupportedType } from '../errors';
import { probeAudio, probeVideo, type VideoSource } from './video-probe';
import type { UploadProcessor, UploadRow } from '../uploads/uploads.service';
import { toMediaItem } from './media.dto';
import { deleteFiles } from '../storage/delete-files';
import { insertMedia, type NewMedia } from './media.repo';
import { makeImageVariants } from './media.variants';

export const ARTWORK_MEDIA_PURPOSE = 'artwork-media';

const artworkGone = () => new NotFound('Artwork not found.');
const isForeignKeyViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23503' || e?.cause?.code === '23503';
};

async function readAll(deps: AppDeps, key: string): Promise<Buffer> {
  const object = await deps.storage.read(key);
  if (!object) throw new Conflict('The file has not arrived yet.');
  return Buffer.concat(await object.body.toArray());
}

/** The stored file read in ranges as MediaInfo asks for them, never held whole. */
const rangesOf = (deps: AppDeps, key: string, size: number): VideoSource => ({
  size,
  read: async (offset, length) => {
    const part = await deps.storage.read(key, { start: offset, end: offset + length - 1 });
    if (!part) throw new Conflict('The file has not arrived yet.');
    return Buffer.concat(await part.body.toArray());
  },
});

/**
 * A video's size and length, or a sound's length, as its container says; nothing when it does not say (the file is
 * kept all the same: a browser may still play it).
 */
async function timedFacts(deps: AppDeps, upload: UploadRow, size: number) {
  const kind = mediaKindOf(upload.contentType);
  try {
    if (kind === 'video') {
      const facts = await probeVideo(rangesOf(deps, upload.storageKey, size));
      return facts ? { width: facts.width, height: facts.height, durationMs: facts.durationMs } : null;
    }
    if (kind === 'audio') return await probeAudio(rangesOf(deps, upload.storageKey, size));
  } catch (err) {
    if (err instanceof DomainError) throw err;
    deps.log.warn({ err: String(err), file: upload.fileName }, 'media facts could not be read');
  }
  return null;
}

/**
 * Stores a confirmed artwork file (size and magic numbers already checked) in its folder
 * media/<userId>/<artworkId>/<mediaId>/: the original, and for an image its WebP variants. An image's pixel size and
 * a video's or a sound's length are read from the file. `record` writes the rows; anything stored is removed again
 * if a step fails.
 */
export async function storeArtworkFile<T>(
  deps: AppDeps,
  upload: UploadRow,
  artworkId: string,
  record: (media: NewMedia) => Promise<T>,
): Promise<T> {
  const mediaId = randomUUID();
  const folder = `media/${upload.userId}/${artworkId}/${mediaId}`;
  const isImage = mediaKindOf(upload.contentType) === 'image';
  const stored: string[] = [];
  try {
    const variants: Partial<Record<ImageSize, string>> = {};
    let width: number | null = null;
    let height: number | null = null;
    if (isImage) {
      let made;
      try {
        made = await makeImageVariants(await readAll(deps, upload.storageKey));
      } catch (err) {
        if (err instanceof DomainError) throw err;
        throw new UnsupportedType(`${upload.fileName} could not be read as an image.`);
      }
      ({ width, height } = made);
      await Promise.all(
        made.variants.map(async (v) => {
          const key = `${folder}/${v.size}.webp`;
          stored.push(key);
          await deps.storage.put(key, v.data, 'image/webp');
          variants[v.size] = key;
        }),
      );
    }
    const info = await deps.storage.stat(upload.storageKey);
    if (!info) throw new Conflict('The file has not arrived yet.');
    const timed = isImage ? null : await timedFacts(deps, upload, info.size);
    const originalKey = `${folder}/original`;
    stored.push(originalKey);
    await deps.storage.move(upload.storageKey, originalKey);
    return await record({
      id: mediaId,
      artworkId,
      userId: upload.userId,
      fileName: upload.fileName,
      contentType: upload.contentType,
      fileSizeBytes: info.size,
      storageKey: originalKey,
      variants,
      width: width ?? (timed && 'width' in timed ? timed.width : null),
      height: height ?? (timed && 'height' in timed ? timed.height : null),
      durationMs: timed?.durationMs ?? null,
      isImage,
    });
  } catch (err) {
    await deleteFiles(deps, stored);
    // The artwork was deleted while the file was being processed.
    if (isForeignKeyViolation(err)) throw artworkGone();
    throw err;
  }
}

/**
 * A confirmed file of an existing artwork. The first image of an artwork becomes its primary, and the sizes its own
 * file gives (a digital picture's, a video's, a sound's) follow it.
 */
export const processArtworkMedia: UploadProcessor = async (deps, upload) => {
  const artworkId = upload.targetId;
  if (!artworkId || !(await findArtwork(deps.db, upload.userId, artworkId))) throw artworkGone();
  return storeArtworkFile(deps, upload, artworkId, async (media) => {
    const { row, primaryId } = await insertMedia(deps.db, media);
    return toMediaItem(row, primaryId, deps.mediaUrls);
  });
};
