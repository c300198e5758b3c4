import { SignJWT, jwtVerify, errors } from 'jose';
import { deriveKey } from '../secrets';
import { Unauthenticated } from '../errors';

export const ID_TOKEN_TTL_SECONDS = 60 * 60;

export interface TokenSubject {
  userId: string;
  sessionId: string;
  email: string;
  name: string;
}

export interface VerifiedClaims {
  sub: string;
  sid: string;
  email: string;
  name: string;
  /** Seconds since the epoch. */
  exp: number;
}

const AUDIENCE = 'artist-studio';

/** Signs the ID and access tokens (HS256 JWTs that expire after an hour) and verifies them. */
export function createTokenSigner(secret: string, issuer: string) {
  const key = new TextEncoder().encode(deriveKey(secret, 'jwt'));

  const sign = (s: TokenSubject, use: 'id' | 'access') =>
    new SignJWT({ email: s.email, name: s.name, sid: s.sessionId, token_use: use })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(s.userId)
      .setIssuer(issuer)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${ID_TOKEN_TTL_SECONDS}s`)
      .sign(key);

  return {
    async sign(s: TokenSubject) {
      const [idToken, accessToken] = await Promise.all([sign(s, 'id'), sign(s, 'access')]);
      return { idToken, accessToken };
    },

    /** The bearer token of every protected call is the ID token. */
    async verifyIdToken(token: string): Promise<VerifiedClaims> {
      try {
        const { payload } = await jwtVerify(token, key, { issuer, audience: AUDIENCE, algorithms: ['HS256'] });
        if (payload.token_use !== 'id' || typeof payload.sid !== 'string' || !payload.sub || !payload.exp) {
          throw new Unauthenticated('Invalid token.');
        }
        return { sub: payload.sub, sid: payload.sid, email: String(payload.email), name: String(payload.name ?? ''), exp: payload.exp };
      } catch (err) {
        if (err instanceof errors.JWTExpired) throw new Unauthenticated('Your session has expired.');
        if (err instanceof errors.JOSEError) throw new Unauthenticated('Invalid token.');
        throw err;
      }
    },
  };
}

export type TokenSigner = ReturnType<typeof createTokenSigner>;
