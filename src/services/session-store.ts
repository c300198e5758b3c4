import { tokenSetSchema, type TokenSet } from '../schemas/auth.schema';

export const SESSION_KEY = 'appSession';
export const SETTINGS_KEY = 'userSettings';

/** The stored session, or null when there is none or it cannot be read. */
export function readStoredSession(storage: Storage = localStorage): TokenSet | null {
  try {
    const raw = storage.getItem(SESSION_KEY);
    if (!raw) return null;
    const parsed = tokenSetSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function writeStoredSession(session: TokenSet, storage: Storage = localStorage) {
  storage.setItem(SESSION_KEY, JSON.stringify(session));
}

export function clearStoredSession(storage: Storage = localStorage) {
  storage.removeItem(SESSION_KEY);
}

export { decodeIdToken, isIdTokenStale } from '../schemas/id-token';
