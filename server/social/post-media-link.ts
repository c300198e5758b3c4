import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** Where the links live under APP_URL; robots.txt allows it (public/robots.txt). */
export const MEDIA_LINK_PREFIX = '/m/';
const AAD = Buffer.from('post-media-link.v1');
const DEFAULT_TTL_SECONDS = 3600;

export type MediaLinkTarget = { key: string } | 'expired' | null;

/**
 * Addresses of stored files that Meta's servers (or any crawler without a token) can fetch: unguessable, expiring,
 * and saying nothing of what they point at. The token is the storage key and the expiry sealed with AES-256-GCM under
 * a key of their own: a changed character fails its tag (404), a genuine token past its time is Gone (410).
 */
export function createMediaLinks(key: string, now: () => number = Date.now) {
  const secret = Buffer.from(key, 'base64url');
  if (secret.length !== 32) throw new Error('A media link key is 32 bytes (base64url)');
  return {
    /**
     * `/m/<token>` for the file at `storageKey`, good for at least `ttlSeconds` (an hour unless said): the expiry is in
     * whole seconds, rounded up, so a link made late in a second is not already spent by the next.
     */
    path(storageKey: string, ttlSeconds = DEFAULT_TTL_SECONDS) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', secret, iv).setAAD(AAD);
      const sealed = Buffer.concat([
        cipher.update(JSON.stringify({ k: storageKey, e: Math.ceil(now() / 1000) + ttlSeconds })),
        cipher.final(),
      ]);
      return `${MEDIA_LINK_PREFIX}${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url')}`;
    },
    /** What a token points at: the storage key, 'expired' for a genuine one past its time, or null. */
    open(token: string): MediaLinkTarget {
      if (token.length < 40 || token.length > 2048 || !/^[\w-]+$/.test(token)) return null;
      const raw = Buffer.from(token, 'base64url');
      try {
        const decipher = createDecipheriv('aes-256-gcm', secret, raw.subarray(0, 12)).setAAD(AAD);
        decipher.setAuthTag(raw.subarray(12, 28));
        const { k, e } = JSON.parse(Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8')) as {
          k: unknown;
          e: unknown;
        };
        if (typeof k !== 'string' || typeof e !== 'number') return null;
        return e * 1000 <= now() ? 'expired' : { key: k };
      } catch {
        return null;
      }
    },
  };
}

export type MediaLinks = ReturnType<typeof createMediaLinks>;
