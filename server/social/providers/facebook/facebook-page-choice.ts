import crypto from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../../../db/database';
import { blueskyOAuthStore } from '../../../db/schema';
import type { SecretBox } from '../../secret-box';
import type { FacebookPage } from './facebook-api';

/** A Facebook sign-in that found several Pages: who signed in, in which browser, and the Pages with their tokens. */
export interface PageChoice {
  userId: string;
  /** The hash of the browser's binding cookie's nonce (server/auth/flow-binding.ts). */
  binding: string;
  pages: FacebookPage[];
}

const KIND = 'facebook-pages';
/** The artist picks a Page straight after signing in; the Page tokens are not kept longer than that. */
export const PAGE_CHOICE_LIFE_MS = 10 * 60 * 1000;

const live = (flow: string) =>
  and(eq(blueskyOAuthStore.kind, KIND), eq(blueskyOAuthStore.key, flow), gt(blueskyOAuthStore.expiresAt, new Date()));

const opened = (box: SecretBox, sealed: string): PageChoice | null => {
  try {
    return JSON.parse(box.open(sealed)) as PageChoice;
  } catch {
    return null;
  }
};

/** Keeps the choice sealed (Page tokens never reach the browser), in the store any instance reads; answers its id. */
export async function keepPageChoice(db: Db, box: SecretBox, choice: PageChoice): Promise<string> {
  const flow = crypto.randomBytes(24).toString('base64url');
  await db.insert(blueskyOAuthStore).values({
    kind: KIND,
    key: flow,
    sealed: box.seal(JSON.stringify(choice)),
    expiresAt: new Date(Date.now() + PAGE_CHOICE_LIFE_MS),
  });
  return flow;
}

/** The choice under this id, if it is still there (it stays until a Page is picked). */
export async function readPageChoice(db: Db, box: SecretBox, flow: string): Promise<PageChoice | null> {
  const [row] = await db.select().from(blueskyOAuthStore).where(live(flow));
  return row ? opened(box, row.sealed) : null;
}

/** Takes the choice, once: whoever takes it connects the Page; a second taker finds nothing. */
export async function takePageChoice(db: Db, box: SecretBox, flow: string): Promise<PageChoice | null> {
  const [row] = await db.delete(blueskyOAuthStore).where(live(flow)).returning();
  return row ? opened(box, row.sealed) : null;
}
