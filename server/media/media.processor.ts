import { randomUUID } from 'node:crypto';
import type { ImageSize } from '../../src/schemas/media.schema';
import { mediaKindOf } from '../../src/schemas/media.schema';
import { findArtwork } from '../artworks/artwork.repo';
import type { AppDeps } from '../context';
import { Conflict, DomainError, NotFound, UnsupportedType } from '../errors';
import type { UploadProcessor } from '../uploads/uploads.service';
import { toMediaItem } from './media.dto';
import { deleteFiles } from '../storage/delete-files';
import { insertMedia } from './media.repo';
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

/**
 * A confirmed artwork file (size and magic numbers already checked): the original moves to
 * media/<userId>/<artworkId>/<mediaId>/original and, for an image, the WebP variants are stored beside it. The first
 * image of an artwork becomes its primary. Anything stored is removed again if a later step fails.
 */
export const processArtworkMedia: UploadProcessor = async (deps, upload) => {
  const artworkId = upload.targetId;
  if (!artworkId || !(await findArtwork(deps.db, upload.userId, artworkId))) throw artworkGone();
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
    const originalKey = `${folder}/original`;
    stored.push(originalKey);
    await deps.storage.move(upload.storageKey, originalKey);
    const { row, primaryId } = await insertMedia(deps.db, {
      id: mediaId,
      artworkId,
      userId: upload.userId,
      fileName: upload.fileName,
      contentType: upload.contentType,
      fileSizeBytes: info.size,
      storageKey: originalKey,
      variants,
      width,
      height,
      isImage,
    });
    return toMediaItem(row, primaryId, deps.mediaUrls);
  } catch (err) {
    await deleteFiles(deps, stored);
    // The artwork was deleted while the file was being processed.
    if (isForeignKeyViolation(err)) throw artworkGone();
    throw err;
  }
};
