import fs from 'node:fs';
import path from 'node:path';
import type { JoseKey } from '@atproto/oauth-client-node';
import { atprotoOAuth } from '../atproto-libs';

const KID = 'studio-oauth-1';

/**
 * The confidential client's signing key (ES256), for private_key_jwt: from OAUTH_PRIVATE_KEY (a private JWK), or
 * generated on first start into DATA_DIR/keys/oauth.jwk. Every instance must use the same key: its public half is
 * what Bluesky servers read at /oauth/jwks.json, and a client assertion signed with another is refused.
 */
export async function loadOrCreateOAuthKey(dataDir: string, configured?: string): Promise<JoseKey> {
  const { JoseKey } = await atprotoOAuth();
  if (configured) {
    // A key of its own may name itself; one without a kid gets ours (servers pick the key by it).
    const jwk = JSON.parse(configured) as { kid?: string };
    return JoseKey.fromJWK(jwk, jwk.kid ? undefined : KID);
  }
  const file = path.join(dataDir, 'keys', 'oauth.jwk');
  try {
    return await JoseKey.fromJWK(fs.readFileSync(file, 'utf8'), KID);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const key = await JoseKey.generate(['ES256'], KID);
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  try {
    fs.writeFileSync(file, JSON.stringify(key.privateJwk), { mode: 0o600, flag: 'wx' });
    return key;
  } catch (err) {
    // Another process wrote one first: use theirs.
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return JoseKey.fromJWK(fs.readFileSync(file, 'utf8'), KID);
    throw err;
  }
}
