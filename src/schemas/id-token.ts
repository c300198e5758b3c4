import { idTokenClaimsSchema, type IdTokenClaims } from './auth.schema';

/** The ID token's claims, or null when it cannot be parsed. The signature is the server's business. */
export function decodeIdToken(idToken: string): IdTokenClaims | null {
  try {
    const payload = idToken.split('.')[1];
    if (!payload) return null;
    const binary = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    const parsed = idTokenClaimsSchema.safeParse(JSON.parse(new TextDecoder().decode(bytes)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** True when the ID token cannot be parsed or expires within the next `skewSeconds`. */
export function isIdTokenStale(idToken: string, now = Date.now(), skewSeconds = 10) {
  const claims = decodeIdToken(idToken);
  return !claims || claims.exp * 1000 <= now + skewSeconds * 1000;
}
