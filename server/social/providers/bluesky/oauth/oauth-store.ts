import crypto from 'node:crypto';
import type { NodeSavedSession, NodeSavedSessionStore, NodeSavedState, NodeSavedStateStore, RuntimeLock } from '@atproto/oauth-client-node';
import type { Db } from '../../../../db/database';
import type { SecretBox } from '../../../secret-box';
import { deleteExpiredStates, deleteSealed, findSealed, putSealed, releaseGrantLock, takeGrantLock } from './oauth.repo';

/** An authorization not finished within this time is forgotten (the PDS's own request expires sooner). */
const STATE_TTL_MS = 60 * 60_000;
/** How long one refresh may hold a grant's lock; longer means its instance died mid-refresh. */
const LOCK_TTL_MS = 30_000;
const LOCK_WAIT_MS = 45_000;

type Kind = 'state' | 'session';

/** A key-value store for the OAuth client in the database, every value sealed: any instance reads what another wrote. */
function sealedStore<V>(db: Db, box: SecretBox, kind: Kind, ttlMs?: number) {
  return {
    async get(key: string): Promise<V | undefined> {
      const row = await findSealed(db, kind, key);
      return row ? (JSON.parse(box.open(row.sealed)) as V) : undefined;
    },
    async set(key: string, value: V): Promise<void> {
      const sealed = box.seal(JSON.stringify(value));
      const expiresAt = ttlMs ? new Date(Date.now() + ttlMs) : null;
      await putSealed(db, kind, key, sealed, expiresAt);
      // Authorizations that were never finished go when new ones start.
      if (kind === 'state') await deleteExpiredStates(db);
    },
    async del(key: string): Promise<void> {
      await deleteSealed(db, kind, key);
    },
  };
}

export const createStateStore = (db: Db, box: SecretBox): NodeSavedStateStore =>
  sealedStore<NodeSavedState>(db, box, 'state', STATE_TTL_MS);
export const createSessionStore = (db: Db, box: SecretBox): NodeSavedSessionStore => sealedStore<NodeSavedSession>(db, box, 'session');

/**
 * One refresh of a grant at a time across every instance: refresh tokens are single-use, and two instances refreshing
 * the same grant at once would make the PDS revoke it. A lease row (kind 'lock') taken with one insert-or-take-over
 * statement, so it works alike on PGlite and PostgreSQL and holds no connection while the refresh runs.
 */
export function createDbLock(db: Db): RuntimeLock {
  const local = new Map<string, Promise<unknown>>();
  const take = (name: string, holder: string) => takeGrantLock(db, name, holder, new Date(Date.now() + LOCK_TTL_MS));
  const acrossInstances = async <T>(name: string, fn: () => T | PromiseLike<T>): Promise<T> => {
    // The holder's id is not a secret; the column is named for what the other kinds keep.
    const holder = crypto.randomUUID();
    const deadline = Date.now() + LOCK_WAIT_MS;
    while (!(await take(name, holder))) {
      if (Date.now() > deadline) throw new Error(`The Bluesky grant ${name} is locked by another instance.`);
      await new Promise((r) => setTimeout(r, 50 + Math.random() * 100));
    }
    try {
      return await fn();
    } finally {
      await releaseGrantLock(db, name, holder);
    }
  };
  // Within one process, callers queue here rather than poll the database.
  return <T>(name: string, fn: () => T | PromiseLike<T>): Promise<T> => {
    const previous = local.get(name) ?? Promise.resolve();
    const run = previous.catch(() => undefined).then(() => acrossInstances(name, fn));
    local.set(name, run);
    void run.finally(() => local.get(name) === run && local.delete(name)).catch(() => undefined);
    return run;
  };
}
