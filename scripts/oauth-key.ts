import { JoseKey } from '@atproto/oauth-client-node';

/**
 * Prints a new ES256 private JWK for OAUTH_PRIVATE_KEY (`npx tsx scripts/oauth-key.ts`): the key a confidential OAuth
 * client signs its token requests with. Give every instance the same one; keep it as secret as JWT_SECRET.
 */
const key = await JoseKey.generate(['ES256'], 'studio-oauth-1');
console.log(JSON.stringify(key.privateJwk));
