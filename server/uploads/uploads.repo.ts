import { eq } from 'drizzle-orm';
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
