import crypto from 'node:crypto';
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { NodeSavedSession, NodeSavedSessionStore, NodeSavedState, NodeSavedStateStore, RuntimeLock } from '@atproto/oauth-client-node';
import type { Db } from '../../../../db/database';
import { blueskyOAuthStore } from '../../../../db/schema';
import type { SecretBox } from '../../../secret-box';

/** An authorization not finished within this time is forgotten (the PDS's own request expires sooner). */
const STATE_TTL_MS = 60 * 60_000;
/** How long one refresh may hold a grant's lock; longer means its instance died mid-refresh. */
const LOCK_TTL_MS = 30_000;
const LOCK_WAIT_MS = 45_000;

type Kind = 'state' | 'session';
const notExpired = or(isNull(blueskyOAuthStore.expiresAt), gt(blueskyOAuthStore.expiresAt, sql`now()`));

/** A key-value store for the OAuth client in the database, every value sealed: any instance reads what another wrote. */
function sealedStore<V>(db: Db, box: SecretBox, kind: Kind, ttlMs?: number) {
  const where = (key: string) => and(eq(blueskyOAuthStore.kind, kind), eq(blueskyOAuthStore.key, key));
  return {
    async get(key: string): Promise<V | undefined> {
      const [row] = await db
        .select({ sealed: blueskyOAuthStore.sealed })
        .from(blueskyOAuthStore)
        .where(and(where(key), notExpired));
      return row ? (JSON.parse(box.open(row.sealed)) as V) : undefined;
    },
    async set(key: string, value: V): Promise<void> {
      const sealed = box.seal(JSON.stringify(value));
      const expiresAt = ttlMs ? new Date(Date.now() + ttlMs) : null;
      await db
        .insert(blueskyOAuthStore)
        .values({ kind, key, sealed, expiresAt })
        .onConflictDoUpdate({ target: [blueskyOAuthStore.kind, blueskyOAuthStore.key], set: { sealed, expiresAt, updatedAt: new Date() } });
      // Authorizations that were never finished go when new ones start.
      if (kind === 'state')
        await db.delete(blueskyOAuthStore).where(and(eq(blueskyOAuthStore.kind, 'state'), lt(blueskyOAuthStore.expiresAt, sql`now()`)));
    },
    async del(key: string): Promise<void> {
      await db.delete(blueskyOAuthStore).where(where(key));
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
  const take = async (name: string, holder: string) => {
    const expiresAt = new Date(Date.now() + LOCK_TTL_MS);
    const rows = await db
      .insert(blueskyOAuthStore)
      .values({ kind: 'lock', key: name, sealed: holder, expiresAt })
      .onConflictDoUpdate({
        target: [blueskyOAuthStore.kind, blueskyOAuthStore.key],
        set: { sealed: holder, expiresAt, updatedAt: new Date() },
        setWhere: lt(blueskyOAuthStore.expiresAt, sql`now()`),
      })
      .returning({ key: blueskyOAuthStore.key });
    return rows.length > 0;
  };
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
      await db
        .delete(blueskyOAuthStore)
        .where(and(eq(blueskyOAuthStore.kind, 'lock'), eq(blueskyOAuthStore.key, name), eq(blueskyOAuthStore.sealed, holder)));
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
