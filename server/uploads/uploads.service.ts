import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { fileTypeLabel } from '../../src/schemas/file-types';
import { MAX_FILE_BYTES, type UploadRequest, type UploadTicket } from '../../src/schemas/upload.schema';
import type { AppDeps } from '../context';
import { uploads } from '../db/schema';
import { Conflict, type DomainError, NotFound, TooLarge, UnsupportedType } from '../errors';
import { SNIFF_BYTES, contentMatchesType } from '../storage/sniff';
import type { AvatarCrop } from '../../src/schemas/user.schema';

export type UploadRow = typeof uploads.$inferSelect;

/** What happens to a verified file, by upload purpose; the result is the answer of the confirm call. */
export type UploadProcessor = (deps: AppDeps, upload: UploadRow) => Promise<unknown>;

const UPLOAD_LINK_SECONDS = 15 * 60;

/** The public API base the browser uses: API_URL, or the origin this request came to. */
export const apiBaseOf = (deps: AppDeps, c: Context) => deps.config.apiUrl ?? `${new URL(c.req.url).origin}/api`;

/** Records an upload and returns the signed URL the browser PUTs the file to. */
export async function createUpload(
  deps: AppDeps,
  input: UploadRequest & { userId: string; purpose: string; targetId?: string; apiUrl: string; crop?: AvatarCrop },
): Promise<UploadTicket> {
  const id = crypto.randomUUID();
  const storageKey = `uploads/${input.userId}/${id}`;
  const target = await deps.storage.createUploadTarget({
    key: storageKey,
    contentType: input.fileType,
    declaredBytes: input.fileSizeInBytes,
    maxBytes: MAX_FILE_BYTES,
    expiresInSeconds: UPLOAD_LINK_SECONDS,
    apiUrl: input.apiUrl,
  });
  await deps.db.insert(uploads).values({
    id,
    userId: input.userId,
    purpose: input.purpose,
    targetId: input.targetId ?? null,
    storageKey,
    fileName: input.fileName,
    contentType: input.fileType,
    declaredBytes: input.fileSizeInBytes,
    crop: input.crop ?? null,
    expiresAt: target.expiresAt,
  });
  return { uploadId: id, uploadUrl: target.url, method: 'PUT', headers: target.headers, expiresAt: target.expiresAt.toISOString() };
}

/**
 * Checks what arrived for an upload (size and magic numbers, whatever the store) and hands it to the processor of
 * its purpose. A file that fails a check is deleted, so nothing is left behind.
 */
export async function completeUpload(deps: AppDeps, userId: string, uploadId: string, processors: Record<string, UploadProcessor>) {
  const [upload] = await deps.db
    .select()
    .from(uploads)
    .where(and(eq(uploads.id, uploadId), eq(uploads.userId, userId), isNull(uploads.completedAt)));
  if (!upload) throw new NotFound('Upload not found.');
  const processor = processors[upload.purpose];
  if (!processor) throw new NotFound('Upload not found.');
  const info = await deps.storage.stat(upload.storageKey);
  if (!info) throw new Conflict('The file has not arrived yet. Send it to the upload URL first.');
  const reject = async (error: DomainError) => {
    await discard(deps, upload);
    throw error;
  };
  if (info.size > MAX_FILE_BYTES) await reject(new TooLarge(`File ${upload.fileName} exceeds the maximum size of 20MB`));
  // Whatever the store, what arrived is held to the size its ticket declared.
  if (info.size > upload.declaredBytes) {
    await reject(new TooLarge(`File ${upload.fileName} is larger than the ${upload.declaredBytes} bytes declared for it.`));
  }
  const head = await deps.storage.readHead(upload.storageKey, SNIFF_BYTES);
  if (!(await contentMatchesType(head, upload.contentType))) {
    await reject(
      new UnsupportedType(
        `The content of ${upload.fileName} does not match its type ${fileTypeLabel(upload.contentType, upload.fileName)}.`,
      ),
    );
  }
  let result: unknown;
  try {
    result = await processor(deps, upload);
  } catch (err) {
    await discard(deps, upload);
    throw err;
  }
  await deps.db
    .update(uploads)
    .set({ completedAt: sql`now()` })
    .where(eq(uploads.id, upload.id));
  return result;
}

async function discard(deps: AppDeps, upload: UploadRow) {
  await deps.storage.delete(upload.storageKey);
  await deps.db.delete(uploads).where(eq(uploads.id, upload.id));
}
