import { and, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { artworkMedia, publications, socialPostMedia, uploads, users } from '../db/schema';

// Which stored files a row still claims: each reads the rows among a batch of ids (or folders) that the sweep keeps.

/** The uploads among `ids` not confirmed yet (a confirmed upload's file has moved on). */
export async function unconfirmedUploadIdsAmong(db: Db, ids: string[]): Promise<{ id: string }[]> {
  return db
    .select({ id: uploads.id })
    .from(uploads)
    .where(and(inArray(uploads.id, ids), isNull(uploads.completedAt)));
}

/** The artworks' media rows among `ids`. */
export async function artworkMediaIdsAmong(db: Db, ids: string[]): Promise<{ id: string }[]> {
  return db.select({ id: artworkMedia.id }).from(artworkMedia).where(inArray(artworkMedia.id, ids));
}

/** The social posts' media rows among `ids`. */
export async function socialPostMediaIdsAmong(db: Db, ids: string[]): Promise<{ id: string }[]> {
  return db.select({ id: socialPostMedia.id }).from(socialPostMedia).where(inArray(socialPostMedia.id, ids));
}

/** The current avatar and its original of each of these users. */
export async function avatarKeysOf(db: Db, userIds: string[]): Promise<{ key: string | null; original: string | null }[]> {
  return db.select({ key: users.avatarKey, original: users.avatarOriginalKey }).from(users).where(inArray(users.id, userIds));
}

/**
 * The live snapshot's version of each publication stored in these folders (a publication made before addresses could
 * change has its first slug for a folder, until it moves).
 */
export async function liveSnapshotVersionsIn(db: Db, folders: string[]): Promise<{ folder: string; version: number | null }[]> {
  const folder = sql<string>`coalesce(${publications.folder}, ${publications.slug})`;
  return db
    .select({ folder, version: sql<number | null>`(${publications.snapshot}->>'version')::int` })
    .from(publications)
    .where(or(inArray(publications.folder, folders), and(isNull(publications.folder), inArray(publications.slug, folders))));
}
