import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { AppDeps } from '../context';
import { users } from '../db/schema';
import { Conflict, UnsupportedType } from '../errors';
import type { UploadProcessor } from '../uploads/uploads.service';
import { toUserDto } from './user.dto';

export const AVATAR_SIZE = 256;

/** Turns a confirmed upload into the user's avatar: square, oriented, metadata-free WebP. The original is dropped. */
export const processAvatar: UploadProcessor = async (deps: AppDeps, upload) => {
  const source = await deps.storage.read(upload.storageKey);
  if (!source) throw new Conflict('The file has not arrived yet.');
  let image: Buffer;
  try {
    const pipeline = sharp({ failOn: 'error', limitInputPixels: 100_000_000 })
      .rotate()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', position: 'attention' })
      .webp({ quality: 82 });
    source.body.pipe(pipeline);
    image = await pipeline.toBuffer();
  } catch {
    throw new UnsupportedType(`${upload.fileName} could not be read as an image.`);
  }
  const key = `avatars/${upload.userId}/${upload.id}.webp`;
  await deps.storage.put(key, image, 'image/webp');
  const [before] = await deps.db.select({ avatarKey: users.avatarKey }).from(users).where(eq(users.id, upload.userId));
  const [row] = await deps.db
    .update(users)
    .set({ avatarKey: key, updatedAt: sql`now()` })
    .where(eq(users.id, upload.userId))
    .returning();
  await deps.authCache.userChanged(upload.userId);
  await deps.storage.delete(upload.storageKey);
  if (before?.avatarKey) await deps.storage.delete(before.avatarKey);
  return toUserDto(row);
};
