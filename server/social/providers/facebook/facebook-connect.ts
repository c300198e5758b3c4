import type { AppDeps } from '../../../context';
import { normalHandle, saveAccount } from '../../accounts.repo';
import { releaseAfterReconnect } from '../../delivery.repo';
import { GraphError } from '../meta/graph-client';
import { ConnectFailed } from '../instagram/instagram-connect';
import {
  exchangeFacebookCode,
  exchangeFacebookToken,
  FACEBOOK_SCOPES,
  grantedFacebookPermissions,
  listFacebookPages,
  type FacebookApi,
  type FacebookPage,
} from './facebook-api';

/** Where Facebook sends the browser back: registered as is in the Meta app's Valid OAuth Redirect URIs (README). */
export const FACEBOOK_CALLBACK_PATH = '/oauth/meta/facebook/callback';
export const facebookRedirectUri = (appUrl: string) => `${appUrl}${FACEBOOK_CALLBACK_PATH}`;

/** The Facebook client of this studio (null when the operator has not set it up). */
export function facebookApi(deps: Pick<AppDeps, 'config' | 'outbound'>): FacebookApi | null {
  const app = deps.config.social.meta.facebook;
  return app ? { app, transport: { fetch: deps.outbound.fetch } } : null;
}

/** The sealed form of a Page's token (the account's sessionSealed). */
export interface FacebookPageToken {
  accessToken: string;
}

/**
 * The Pages the person who approved can post to, for the code Facebook's redirect carried: the code for a user token,
 * that for the long-lived one (Page tokens made from it do not expire), the permissions checked, then /me/accounts.
 * A Page the person has no CREATE_CONTENT task on is left out: posting to it would be refused.
 */
export async function pagesForCode(deps: AppDeps, code: string): Promise<FacebookPage[]> {
  const fb = facebookApi(deps);
  if (!fb) throw new ConnectFailed('error');
  const grant = await exchangeFacebookCode(fb, { code, redirectUri: facebookRedirectUri(deps.config.appUrl) }).catch((err: unknown) => {
    throw err instanceof GraphError && err.status === 400 ? new ConnectFailed('expired') : err;
  });
  const long = await exchangeFacebookToken(fb, grant.accessToken);
  const granted = await grantedFacebookPermissions(fb, long.accessToken);
  if (!FACEBOOK_SCOPES.every((s) => granted.includes(s))) throw new ConnectFailed('scopes');
  const pages = (await listFacebookPages(fb, long.accessToken)).filter((p) => !p.tasks.length || p.tasks.includes('CREATE_CONTENT'));
  if (!pages.length) throw new ConnectFailed('no-page');
  return pages;
}

/**
 * Connects one Page for the artist: its id (a string: it passes 2^53) and its own token, sealed; the handle is its
 * name as accounts are keyed (lower case). Connecting the same Page again updates it in place, and the posts that
 * waited for it go out.
 */
export async function connectFacebookPage(deps: AppDeps, userId: string, page: FacebookPage) {
  const row = await saveAccount(deps.db, {
    userId,
    platform: 'facebook',
    handle: normalHandle(page.name),
    did: page.id,
    service: null,
    appPasswordSealed: null,
    sessionSealed: deps.social.box.seal(JSON.stringify({ accessToken: page.accessToken } satisfies FacebookPageToken)),
    authMethod: 'oauth',
    tokenExpiresAt: null,
  });
  await releaseAfterReconnect(deps.db, row.id);
  return { ...row, needsReconnectAt: null };
}
