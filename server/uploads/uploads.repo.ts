import { and, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { uploads } from '../db/schema';

/** Where an upload's file goes and whether it was confirmed already; undefined when there is no such upload. */
export async function findUploadSlot(db: Db, uploadId: string): Promise<{ storageKey: string; completedAt: Date | null } | undefined> {
  const [row] = await db
    .select({ completedAt: uploads.completedAt, storageKey: uploads.storageKey })
    .from(uploads)
    .where(eq(uploads.id, uploadId));
  return row;
}

/** Records a ticket for a file on its way to storage. */
export async function insertUpload(db: Db, row: typeof uploads.$inferInsert) {
  await db.insert(uploads).values(row);
}

/** The artist's upload that is not confirmed yet; undefined for anyone else's, a used one or none. */
export async function findOpenUpload(db: Db, userId: string, uploadId: string) {
  const [row] = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.id, uploadId), eq(uploads.userId, userId), isNull(uploads.completedAt)));
  return row;
}

export async function markUploadCompleted(db: Db, uploadId: string) {
  await db
    .update(uploads)
    .set({ completedAt: sql`now()` })
    .where(eq(uploads.id, uploadId));
}

export async function deleteUpload(db: Db, uploadId: string) {
  await db.delete(uploads).where(eq(uploads.id, uploadId));
}

/** Up to `limit` uploads never confirmed whose address expired over an hour ago. */
export async function abandonedUploads(db: Db, limit: number) {
  return db
    .select()
    .from(uploads)
    .where(and(isNull(uploads.completedAt), lt(uploads.expiresAt, sql`now() - interval '1 hour'`)))
    .limit(limit);
}

/** Deletes the rows of confirmed uploads whose address expired over an hour ago: nothing needs them any more. */
export async function deleteSpentUploads(db: Db) {
  await db.delete(uploads).where(and(isNotNull(uploads.completedAt), lt(uploads.expiresAt, sql`now() - interval '1 hour'`)));
}
