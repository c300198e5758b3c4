import type { MetaFailure } from '../../../../src/schemas/meta-connect.schema';
import type { AppDeps } from '../../../context';
import { saveAccount } from '../../accounts.repo';
import { releaseAfterReconnect } from '../../delivery.repo';
import { GraphError } from '../meta/graph-client';
import { exchangeInstagramCode, exchangeInstagramToken, getInstagramAccount, INSTAGRAM_SCOPES, type InstagramApi } from './instagram-api';

/** Where Instagram sends the browser back: registered as is in the Meta app's dashboard (README, "Instagram and Facebook"). */
export const INSTAGRAM_CALLBACK_PATH = '/oauth/meta/instagram/callback';
export const instagramRedirectUri = (appUrl: string) => `${appUrl}${INSTAGRAM_CALLBACK_PATH}`;

/** The Instagram client of this studio (null when the operator has not set it up). */
export function instagramApi(deps: Pick<AppDeps, 'config' | 'outbound'>): InstagramApi | null {
  const app = deps.config.social.meta.instagram;
  return app ? { app, transport: { fetch: deps.outbound.fetch } } : null;
}

/** The sealed form of an Instagram token (the account's sessionSealed). */
export interface InstagramToken {
  accessToken: string;
}

export class ConnectFailed extends Error {
  constructor(readonly reason: MetaFailure) {
    super(reason);
  }
}

/**
 * Finishes "Continue with Instagram" for the artist who began it: the code for a short-lived token (both answer
 * shapes; the id kept as a string), that for the 60-day one, /me for the account's id and username; the token sealed.
 * Posts that waited for this account go out again.
 */
export async function connectInstagram(deps: AppDeps, userId: string, code: string) {
  const ig = instagramApi(deps);
  if (!ig) throw new ConnectFailed('error');
  const grant = await exchangeInstagramCode(ig, { code, redirectUri: instagramRedirectUri(deps.config.appUrl) }).catch((err: unknown) => {
    throw err instanceof GraphError && err.status === 400 ? new ConnectFailed('expired') : err;
  });
  if (grant.permissions.length && !INSTAGRAM_SCOPES.every((s) => grant.permissions.includes(s))) throw new ConnectFailed('scopes');
  const long = await exchangeInstagramToken(ig, grant.accessToken);
  const me = await getInstagramAccount(ig, long.accessToken);
  const row = await saveAccount(deps.db, {
    userId,
    platform: 'instagram',
    handle: me.username.toLowerCase(),
    did: me.userId,
    service: null,
    appPasswordSealed: null,
    sessionSealed: deps.social.box.seal(JSON.stringify({ accessToken: long.accessToken } satisfies InstagramToken)),
    authMethod: 'oauth',
    tokenExpiresAt: new Date(Date.now() + (long.expiresInSeconds ?? 60 * 24 * 3600) * 1000),
  });
  await releaseAfterReconnect(deps.db, row.id);
  return row;
}
