import type { NodeOAuthClient, OAuthClientMetadataInput } from '@atproto/oauth-client-node';
import { atprotoOAuth } from '../atproto-libs';
import type { Config } from '../../../../config';
import type { Db } from '../../../../db/database';
import type { Logger } from '../../../../log';
import type { SecretBox } from '../../../secret-box';
import { loadOrCreateOAuthKey } from './oauth-key';
import { oauthModeOf } from './oauth-mode';

export { oauthModeOf };
import { createDbLock, createSessionStore, createStateStore } from './oauth-store';
import { createHandleResolver } from './handle-resolver';
import { markGrantNeedsReconnect } from './oauth.repo';

export const OAUTH_SCOPE = 'atproto transition:generic';
export const CALLBACK_PATH = '/oauth/callback';
export const CLIENT_METADATA_PATH = '/oauth/client-metadata.json';
export const JWKS_PATH = '/oauth/jwks.json';

/** The loopback redirect: the spec wants the IP literal (the PDS refuses 'localhost'), with the server's own port. */
const loopbackRedirect = (appUrl: string) => {
  const url = new URL(appUrl);
  return `http://127.0.0.1${url.port ? `:${url.port}` : ''}${CALLBACK_PATH}`;
};

export function confidentialMetadata(appUrl: string): OAuthClientMetadataInput {
  return {
    client_id: `${appUrl}${CLIENT_METADATA_PATH}`,
    client_name: 'Artist Studio',
    client_uri: appUrl,
    redirect_uris: [`${appUrl}${CALLBACK_PATH}`],
    scope: OAUTH_SCOPE,
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    application_type: 'web',
    token_endpoint_auth_method: 'private_key_jwt',
    token_endpoint_auth_signing_alg: 'ES256',
    dpop_bound_access_tokens: true,
    jwks_uri: `${appUrl}${JWKS_PATH}`,
  } as OAuthClientMetadataInput;
}

interface OAuthDeps {
  config: Config;
  db: Db;
  box: SecretBox;
  log: Logger;
  /** The outbound door: identity, metadata, token and API calls go to addresses an artist chose. */
  fetch: typeof globalThis.fetch;
}

/**
 * The Bluesky OAuth client of this server, made on first use (the confidential client's key is read or generated
 * then). States and grants live in the database, sealed; when Bluesky no longer honours a grant (revoked, refresh
 * refused) the client drops it and every account on that DID is marked as needing reconnection.
 */
export function createBlueskyOAuth({ config, db, box, log, fetch }: OAuthDeps) {
  const mode = oauthModeOf(config.appUrl);
  let client: Promise<NodeOAuthClient> | undefined;
  const stateStore = createStateStore(db, box);

  async function build(): Promise<NodeOAuthClient> {
    const { NodeOAuthClient, buildAtprotoLoopbackClientMetadata } = await atprotoOAuth();
    const keyset = mode === 'confidential' ? [await loadOrCreateOAuthKey(config.dataDir, config.social.oauth.privateKey)] : undefined;
    const clientMetadata =
      mode === 'confidential'
        ? confidentialMetadata(config.appUrl)
        : buildAtprotoLoopbackClientMetadata({ scope: OAUTH_SCOPE, redirect_uris: [loopbackRedirect(config.appUrl)] });
    return new NodeOAuthClient({
      clientMetadata,
      keyset,
      fetch,
      // Loopback only: the local PDS of development and tests speaks plain http.
      allowHttp: mode === 'loopback',
      plcDirectoryUrl: config.social.oauth.plcUrl,
      handleResolver: createHandleResolver({ fetch, xrpcUrl: config.social.oauth.handleResolver }),
      stateStore,
      sessionStore: createSessionStore(db, box),
      requestLock: createDbLock(db),
      onDelete: (did, cause) => {
        log.warn({ did, cause: String(cause) }, 'a Bluesky OAuth grant is no longer honoured: its accounts need reconnecting');
        void markGrantNeedsReconnect(db, did).catch((err: unknown) =>
          log.error({ err, did }, 'could not mark a Bluesky account as needing reconnection'),
        );
      },
    });
  }

  return {
    mode,
    /** What the studio kept in a sign-in under way (its appState), read before the client uses the state up. */
    async appStateOf(key: string): Promise<string | undefined> {
      return (await stateStore.get(key))?.appState;
    },
    /** Forgets a sign-in under way: its callback then finds nothing. */
    forgetState: (key: string) => stateStore.del(key),
    client(): Promise<NodeOAuthClient> {
      client ??= build().catch((err: unknown) => {
        client = undefined;
        throw err;
      });
      return client;
    },
  };
}

export type BlueskyOAuth = ReturnType<typeof createBlueskyOAuth>;
