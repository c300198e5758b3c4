import type { Db } from '../../../db/database';
import type { SecretBox } from '../../secret-box';
import { keepSealed, readSealed, takeSealed } from '../meta/meta-flow';
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

/** Keeps the choice sealed (Page tokens never reach the browser), where any instance reads it; answers its id. */
export const keepPageChoice = (db: Db, box: SecretBox, choice: PageChoice) => keepSealed(db, box, KIND, choice, PAGE_CHOICE_LIFE_MS);

/** The choice under this id, if it is still there (it stays until a Page is picked). */
export const readPageChoice = (db: Db, box: SecretBox, flow: string) => readSealed<PageChoice>(db, box, KIND, flow);

/** Takes the choice, once: whoever takes it connects the Page; a second taker finds nothing. */
export const takePageChoice = (db: Db, box: SecretBox, flow: string) => takeSealed<PageChoice>(db, box, KIND, flow);
