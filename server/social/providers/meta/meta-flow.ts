import crypto from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../../../db/database';
import { blueskyOAuthStore } from '../../../db/schema';
import type { SecretBox } from '../../secret-box';

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
 * Keeps a flow under an unguessable state, sealed, in the store the Bluesky OAuth client uses (any instance can finish
 * what another began), and answers the state.
 */
export async function beginFlow(db: Db, box: SecretBox, flow: MetaFlow): Promise<string> {
  const state = crypto.randomBytes(24).toString('base64url');
  await db.insert(blueskyOAuthStore).values({
    kind: KIND,
    key: state,
    sealed: box.seal(JSON.stringify(flow)),
    expiresAt: new Date(Date.now() + FLOW_LIFE_MS),
  });
  return state;
}

/** Takes a flow by its state, once: it is deleted as it is read; an unknown, used or expired state answers null. */
export async function takeFlow(db: Db, box: SecretBox, state: string): Promise<MetaFlow | null> {
  const [row] = await db
    .delete(blueskyOAuthStore)
    .where(and(eq(blueskyOAuthStore.kind, KIND), eq(blueskyOAuthStore.key, state), gt(blueskyOAuthStore.expiresAt, new Date())))
    .returning();
  if (!row) return null;
  try {
    return JSON.parse(box.open(row.sealed)) as MetaFlow;
  } catch {
    return null;
  }
}
