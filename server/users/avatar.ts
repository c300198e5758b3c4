import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { AvatarCrop } from '../../src/schemas/user.schema';
import type { AppDeps } from '../context';
import { users } from '../db/schema';
import { Conflict, UnsupportedType } from '../errors';
import type { UploadProcessor } from '../uploads/uploads.service';
import { toUserDto } from './user.dto';

export const AVATAR_SIZE = 256;
const PIXEL_LIMIT = 100_000_000;

/** The extension an avatar's original keeps, by its (checked) type: the export names it `avatar.<ext>`. */
const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/avif': 'avif',
};
export const originalExtension = (key: string) => key.slice(key.lastIndexOf('.') + 1);

async function readAll(deps: AppDeps, key: string): Promise<Buffer> {
  const source = await deps.storage.read(key);
  if (!source) throw new Conflict('The file has not arrived yet.');
  const chunks: Buffer[] = [];
  for await (const chunk of source.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The chosen part, kept within the picture as seen (EXIF orientation 5-8 turns it a quarter). */
async function regionOf(bytes: Buffer, crop: AvatarCrop) {
  const meta = await sharp(bytes, { limitInputPixels: PIXEL_LIMIT }).metadata();
  const turned = (meta.orientation ?? 1) >= 5;
  const [width, height] = turned ? [meta.height!, meta.width!] : [meta.width!, meta.height!];
  const left = Math.min(crop.x, width - 1);
  const top = Math.min(crop.y, height - 1);
  return { left, top, width: Math.min(crop.width, width - left), height: Math.min(crop.height, height - top) };
}

/**
 * Turns a confirmed upload into the user's avatar: the part the artist chose (else the most interesting square),
 * square, oriented, metadata-free WebP. The original is kept as uploaded, beside it: the data export gives it back.
 */
export const processAvatar: UploadProcessor = async (deps: AppDeps, upload) => {
  const bytes = await readAll(deps, upload.storageKey);
  let image: Buffer;
  try {
    let pipeline = sharp(bytes, { failOn: 'error', limitInputPixels: PIXEL_LIMIT }).rotate();
    if (upload.crop) pipeline = pipeline.extract(await regionOf(bytes, upload.crop));
    image = await pipeline
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', position: upload.crop ? 'centre' : 'attention' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw new UnsupportedType(`${upload.fileName} could not be read as an image.`);
  }
  const key = `avatars/${upload.userId}/${upload.id}.webp`;
  const originalKey = `avatars/${upload.userId}/${upload.id}-original.${EXTENSIONS[upload.contentType] ?? 'bin'}`;
  await deps.storage.put(key, image, 'image/webp');
  await deps.storage.move(upload.storageKey, originalKey);
  const [before] = await deps.db
    .select({ avatarKey: users.avatarKey, avatarOriginalKey: users.avatarOriginalKey })
    .from(users)
    .where(eq(users.id, upload.userId));
  const [row] = await deps.db
    .update(users)
    .set({ avatarKey: key, avatarOriginalKey: originalKey, updatedAt: sql`now()` })
    .where(eq(users.id, upload.userId))
    .returning();
  await deps.authCache.userChanged(upload.userId);
  for (const old of [before?.avatarKey, before?.avatarOriginalKey]) if (old) await deps.storage.delete(old);
  return toUserDto(row);
};
