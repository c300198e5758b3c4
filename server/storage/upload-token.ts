import { createHmac, timingSafeEqual } from 'node:crypto';
import { Gone, Unauthenticated } from '../errors';

/** What a local upload URL allows: one key, one content type, at most maxBytes, until exp (Unix seconds). */
export interface UploadClaims {
  key: string;
  contentType: string;
  maxBytes: number;
  exp: number;
}

export const INVALID_UPLOAD_LINK = 'This upload link is invalid or has expired.';
export const EXPIRED_UPLOAD_LINK = 'This upload link has expired. Ask for a new one.';
export const USED_UPLOAD_LINK = 'This upload link has been used already. Ask for a new one.';

// Domain separation: the secret may be shared with other signers (e.g. session tokens).
const CONTEXT = 'blob-upload.v1.';

const mac = (payload: string, secret: string) =>
  createHmac('sha256', secret)
    .update(CONTEXT + payload)
    .digest();

/** `<base64url JSON>.<base64url HMAC-SHA256>`: URL-safe, so it can be a path segment. */
export function signUploadToken(claims: UploadClaims, secret: string): string {
  if (!secret) throw new Error('An upload token secret is required');
  const payload = Buffer.from(JSON.stringify({ k: claims.key, t: claims.contentType, m: claims.maxBytes, e: claims.exp })).toString(
    'base64url',
  );
  return `${payload}.${mac(payload, secret).toString('base64url')}`;
}

/** The claims of a genuine, unexpired token; otherwise Unauthenticated (not ours) or Gone (ours, but expired). */
export function verifyUploadToken(token: string, secret: string, nowMs = Date.now()): UploadClaims {
  const invalid = () => new Unauthenticated(INVALID_UPLOAD_LINK);
  if (typeof token !== 'string' || token.length > 4096) throw invalid();
  const dot = token.indexOf('.');
  if (dot <= 0 || dot !== token.lastIndexOf('.')) throw invalid();
  const payload = token.slice(0, dot);
  // Compare the encoded text, so no second spelling of the same MAC is accepted.
  const given = Buffer.from(token.slice(dot + 1), 'utf8');
  const expected = Buffer.from(mac(payload, secret).toString('base64url'), 'utf8');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid();
  let raw: unknown;
  try {
    raw = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  const { k, t, m, e } = (raw ?? {}) as Record<string, unknown>;
  if (typeof k !== 'string' || typeof t !== 'string' || typeof m !== 'number' || typeof e !== 'number') throw invalid();
  if (!Number.isFinite(e)) throw invalid();
  // A genuine link past its time is gone for good, not malformed: the client should ask for a new one.
  if (e * 1000 <= nowMs) throw new Gone(EXPIRED_UPLOAD_LINK);
  return { key: k, contentType: t, maxBytes: m, exp: e };
}
