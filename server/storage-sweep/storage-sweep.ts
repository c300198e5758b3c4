import * as z from 'zod/mini';
import type { AppDeps } from '../context';
import type { Db } from '../db/database';
import { LocalBlobStore } from '../storage/local-store';
import type { StoredFile } from '../storage/blob-store';
import { deleteFiles } from '../storage/delete-files';
import { expireBatches, heldMediaIds } from '../artwork-changes/artwork-batch.repo';
import {
  artworkMediaIdsAmong,
  avatarKeysOf,
  liveSnapshotVersionsIn,
  socialPostMediaIdsAmong,
  unconfirmedUploadIdsAmong,
} from './storage-claims.repo';
import { abandonedUploads, deleteSpentUploads, deleteUpload } from '../uploads/uploads.repo';

/** How long a file no row claims is left alone by default: work in progress (an upload being processed, a publish copying). */
export const SWEEP_GRACE_MS = 60 * 60_000;
const BATCH = 500;
const UUID = z.uuid();
const isUuid = (id: string) => UUID.safeParse(id).success;

/** The key's segment at `at`, for keys that name their owner's id there. */
const idOf = (key: string, at: number) => key.split('/')[at] ?? '';

/** The keys whose id (segment `at`) is a row that `idsAmong` finds. */
async function claimedById(deps: AppDeps, files: StoredFile[], at: number, idsAmong: IdsAmong) {
  const ids = [...new Set(files.map((f) => idOf(f.key, at)).filter((id) => isUuid(id)))];
  const rows = await inBatches(ids, (batch) => idsAmong(deps.db, batch));
  const found = new Set(rows.map((r) => r.id));
  return new Set(files.filter((f) => found.has(idOf(f.key, at))).map((f) => f.key));
}

/**
 * Which stored files a row still claims, by folder. A file no row claims is an orphan, left by a crash between storing
 * files and recording them, or by a second upload to a spent bucket address. Prefixes the product does not know are
 * never touched.
 */
const CLAIMS: Record<string, (deps: AppDeps, files: StoredFile[]) => Promise<Set<string>>> = {
  // uploads/<user>/<upload>: until its upload is confirmed (or swept as abandoned).
  uploads: (deps, files) => claimedById(deps, files, 2, unconfirmedUploadIdsAmong),
  // media/<user>/<artwork>/<media>/<file>: while its row exists, or a bulk delete that can still be undone keeps it.
  media: async (deps, files) => {
    const [rows, held] = await Promise.all([claimedById(deps, files, 3, artworkMediaIdsAmong), heldMediaIds(deps.db)]);
    return new Set([...rows, ...files.filter((f) => held.has(idOf(f.key, 3))).map((f) => f.key)]);
  },
  // social/<user>/<post>/<media>/<file>
  social: (deps, files) => claimedById(deps, files, 3, socialPostMediaIdsAmong),
  // avatars/<user>/<upload>.webp and its original beside it: each user's current avatar only.
  avatars: async (deps, files) => {
    const userIds = [...new Set(files.map((f) => idOf(f.key, 1)).filter((id) => isUuid(id)))];
    const rows = await inBatches(userIds, (batch) => avatarKeysOf(deps.db, batch));
    return new Set(rows.flatMap((r) => [r.key, r.original].filter((k): k is string => Boolean(k))));
  },
  // published/<folder>/<version>/<file>: the live snapshot's version only (the folder is the first slug of a
  // publication made before addresses could change, until it moves).
  published: async (deps, files) => {
    const folders = [...new Set(files.map((f) => idOf(f.key, 1)))];
    const rows = await inBatches(folders, (batch) => liveSnapshotVersionsIn(deps.db, batch));
    const live = new Set(rows.map((r) => `published/${r.folder}/${r.version}/`));
    return new Set(files.filter((f) => live.has(f.key.split('/').slice(0, 3).join('/') + '/')).map((f) => f.key));
  },
  // health/<probe>: a readiness probe's file, deleted at once unless its process died in between.
  health: async () => new Set(),
};

async function inBatches<T>(items: string[], query: (batch: string[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < items.length; i += BATCH) out.push(...(await query(items.slice(i, i + BATCH))));
  return out;
}

/** Prefixes whose items each have a folder of their own: <prefix>/<user>/<parent>/<item>/<file>. */
const FOLDER_PER_ITEM = new Set(['media', 'social']);

type IdsAmong = (db: Db, ids: string[]) => Promise<{ id: string }[]>;

/** Deletes the files and rows of uploads never confirmed, an hour after their link expired, and spent upload rows. */
async function sweepUploadRows(deps: AppDeps) {
  let removed = 0;
  for (;;) {
    const stale = await abandonedUploads(deps.db, BATCH);
    for (const upload of stale) {
      await deps.storage.delete(upload.storageKey);
      await deleteUpload(deps.db, upload.id);
    }
    removed += stale.length;
    if (stale.length < BATCH) break;
  }
  // A confirmed upload's address has expired too: nothing needs its row any more.
  await deleteSpentUploads(deps.db);
  return removed;
}

export interface SweepResult {
  abandonedUploads: number;
  orphans: number;
  leftovers: number;
}

/**
 * Removes what nothing will ever use, in local storage or the bucket: uploads never confirmed, files no row claims,
 * and (on local disk) half-written files of interrupted writes. Only files last written before `before` are touched,
 * so work in progress is safe: a caller that knows no other process writes may pass its own start time.
 */
export async function sweepStorage(deps: AppDeps, before: Date = new Date(Date.now() - SWEEP_GRACE_MS)): Promise<SweepResult> {
  const abandonedUploads = await sweepUploadRows(deps);
  // Bulk deletes too old to undo: their artworks' files go now.
  await deleteFiles(deps, await expireBatches(deps.db));
  let orphans = 0;
  for (const [prefix, claimedOf] of Object.entries(CLAIMS)) {
    const files: StoredFile[] = [];
    for await (const file of deps.storage.list(`${prefix}/`)) if (file.modifiedAt < before) files.push(file);
    if (!files.length) continue;
    const claimed = await claimedOf(deps, files);
    const folders = new Set<string>();
    for (const file of files) {
      if (claimed.has(file.key)) continue;
      await deps.storage.delete(file.key);
      orphans++;
      if (FOLDER_PER_ITEM.has(prefix)) folders.add(file.key.split('/').slice(0, 4).join('/'));
    }
    // A media item's folder is its own: once empty it goes too (older empty folders go with the leftovers below).
    if (deps.storage instanceof LocalBlobStore) for (const folder of folders) await deps.storage.removeEmptyFolder(folder);
  }
  const leftovers = deps.storage instanceof LocalBlobStore ? await deps.storage.sweepLeftovers('', before) : 0;
  return { abandonedUploads, orphans, leftovers };
}

const SWEEP_EVERY_MS = 60 * 60_000;

/**
 * Sweeps at start and every hour. At start, a server that holds its data directory alone (the embedded database) knows
 * nothing else is writing, so everything written before it started is fair game: a crash's leftovers go at once.
 * Otherwise, and on every later round, files younger than the grace are left to whoever may be writing them.
 */
export function startStorageSweeper(deps: AppDeps, options: { graceMs: number; alone: boolean; startedAt: Date }) {
  const sweep = (before: Date) =>
    sweepStorage(deps, before)
      .then((result) => {
        if (result.abandonedUploads || result.orphans || result.leftovers) deps.log.info(result, 'storage swept');
      })
      .catch((err) => deps.log.warn({ err: String(err) }, 'storage sweep failed'));
  const grace = () => new Date(Date.now() - options.graceMs);
  void sweep(options.alone ? options.startedAt : grace());
  const timer = setInterval(() => void sweep(grace()), SWEEP_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
