import crypto from 'node:crypto';
import type { Db } from '../../../db/database';
import type { SecretBox } from '../../secret-box';
import { deleteLiveSealed, findLiveSealed, insertSealed } from './sealed-store.repo';

/** A Meta sign-in under way: who began it, in which browser (the hash of its binding cookie's nonce), for which network. */
export interface MetaFlow {
  userId: string;
  binding: string;
  network: 'instagram' | 'facebook';
}

const KIND = 'meta-flow';
/** As long as the browser's binding cookie lives. */
const FLOW_LIFE_MS = 60 * 60 * 1000;

/**
 * Keeps `value` sealed under a new unguessable key, in the store the Bluesky OAuth client uses (any instance can finish
 * what another began), until `lifeMs` from now; answers the key.
 */
export async function keepSealed(db: Db, box: SecretBox, kind: string, value: unknown, lifeMs: number): Promise<string> {
  const key = crypto.randomBytes(24).toString('base64url');
  await insertSealed(db, kind, key, box.seal(JSON.stringify(value)), new Date(Date.now() + lifeMs));
  return key;
}

const opened = <T>(box: SecretBox, row: { sealed: string } | undefined): T | null => {
  if (!row) return null;
  try {
    return JSON.parse(box.open(row.sealed)) as T;
  } catch {
    return null;
  }
};

/** What is kept under `key`, left in place; unknown or expired answers null. */
export async function readSealed<T>(db: Db, box: SecretBox, kind: string, key: string): Promise<T | null> {
  const row = await findLiveSealed(db, kind, key);
  return opened<T>(box, row);
}

/** Takes what is kept under `key`, once: it is deleted as it is read; unknown, used or expired answers null. */
export async function takeSealed<T>(db: Db, box: SecretBox, kind: string, key: string): Promise<T | null> {
  const row = await deleteLiveSealed(db, kind, key);
  return opened<T>(box, row);
}

/** Keeps a flow under an unguessable state, sealed, and answers the state. */
export const beginFlow = (db: Db, box: SecretBox, flow: MetaFlow) => keepSealed(db, box, KIND, flow, FLOW_LIFE_MS);

/** Takes a flow by its state, once: a second callback with it finds nothing. */
export const takeFlow = (db: Db, box: SecretBox, state: string) => takeSealed<MetaFlow>(db, box, KIND, state);
