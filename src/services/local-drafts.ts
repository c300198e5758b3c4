import { createStore, del, get, keys, set } from 'idb-keyval';
import { LOCAL_DRAFT_MESSAGES, localPostDraftSchema, type LocalPostDraft } from '../schemas/local-post-draft.schema';
import { ServiceError } from './api-error';

/** Where the copies live: IndexedDB (through idb-keyval) in the browser; a Map in tests. */
export interface DraftStore {
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown): Promise<void>;
  del(key: string): Promise<void>;
  keys(): Promise<string[]>;
}

let idb: DraftStore | null = null;

/**
 * The browser's store (one per page): the database 'artist-studio', its object store 'post-drafts', opened at the
 * first use. A browser without IndexedDB (or refusing it) answers every call with a refusal, never a crash.
 */
export function idbDraftStore(): DraftStore {
  if (idb) return idb;
  let store: ReturnType<typeof createStore> | null = null;
  const open = async () => (store ??= createStore('artist-studio', 'post-drafts'));
  idb = {
    get: async (key) => get(key, await open()),
    set: async (key, value) => set(key, value, await open()),
    del: async (key) => del(key, await open()),
    keys: async () => (await keys(await open())).map(String),
  };
  return idb;
}

export function memoryDraftStore(): DraftStore & { entries: Map<string, unknown> } {
  const entries = new Map<string, unknown>();
  return {
    entries,
    get: async (key) => entries.get(key),
    set: async (key, value) => void entries.set(key, value),
    del: async (key) => void entries.delete(key),
    keys: async () => [...entries.keys()],
  };
}

/** The unsaved posts of the signed-in artist, kept in this browser; every failure is a ServiceError saying why. */
export interface LocalDrafts {
  /** The copy of this editor's post, or null (none, another version's, or unreadable). */
  read(key: string): Promise<LocalPostDraft | null>;
  write(draft: LocalPostDraft): Promise<void>;
  remove(key: string): Promise<void>;
}

// Copies are filed under their artist: another person signed in on the same browser never reads them.
const prefixOf = (userId: string) => `${userId}/`;

const isQuota = (error: unknown) =>
  error instanceof DOMException && (error.name === 'QuotaExceededError' || error.name === 'NS_ERROR_DOM_QUOTA_REACHED');
const toStorageError = (error: unknown) =>
  new ServiceError(isQuota(error) ? LOCAL_DRAFT_MESSAGES.full : LOCAL_DRAFT_MESSAGES.unavailable, undefined, 'local-storage');

// One operation at a time per store, in the order asked: a removal after a save never lands before a write started
// earlier, and the last write wins.
const queues = new WeakMap<DraftStore, Promise<unknown>>();
function inTurn<T>(store: DraftStore, work: () => Promise<T>): Promise<T> {
  const run = (queues.get(store) ?? Promise.resolve()).then(work, work);
  queues.set(
    store,
    run.catch(() => undefined),
  );
  return run;
}

/** The copies of whoever is signed in now (`userId` is asked at each call: the app outlives one artist's session). */
export function createLocalDrafts(userId: () => string | null, store: DraftStore = idbDraftStore()): LocalDrafts {
  const keyOf = (key: string) => {
    const user = userId();
    if (!user) throw new ServiceError(LOCAL_DRAFT_MESSAGES.signedOut, 401);
    return `${prefixOf(user)}${key}`;
  };
  return {
    read: (key) =>
      inTurn(store, async () => {
        const user = userId();
        if (!user) return null;
        const parsed = localPostDraftSchema.safeParse(await store.get(`${prefixOf(user)}${key}`).catch(() => undefined));
        return parsed.success ? parsed.data : null;
      }),
    write: async (draft) => {
      const at = keyOf(draft.key);
      return inTurn(store, () => store.set(at, draft).catch((error: unknown) => Promise.reject(toStorageError(error))));
    },
    remove: async (key) => {
      const at = keyOf(key);
      return inTurn(store, () => store.del(at).catch((error: unknown) => Promise.reject(toStorageError(error))));
    },
  };
}

/** Signing out (or deleting the account) forgets every copy that artist left in this browser. */
export const clearLocalDrafts = (userId: string, store: DraftStore = idbDraftStore()) =>
  inTurn(store, async () => {
    const mine = (await store.keys()).filter((key) => key.startsWith(prefixOf(userId)));
    await Promise.all(mine.map((key) => store.del(key)));
  }).catch(() => undefined);
