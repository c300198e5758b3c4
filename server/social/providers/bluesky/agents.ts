import type { Agent } from '@atproto/api';
import type { Db } from '../../../db/database';
import type { Logger } from '../../../log';
import { BlueskyError, blueskyLogin, resumeAgent, toBlueskyError, type BlueskySession } from './bluesky';
import { atprotoApi, atprotoOAuth } from './atproto-libs';
import type { BlueskyOAuth } from './oauth/oauth-client';
import type { SecretBox } from '../../secret-box';
import type { SocialAccountRow } from '../../accounts.repo';
import { markNeedsReconnect, storeSession } from './bluesky-accounts.repo';

interface StoredTokens {
  accessJwt: string;
  refreshJwt: string;
}

export const sealTokens = (box: SecretBox, s: BlueskySession) =>
  box.seal(JSON.stringify({ accessJwt: s.accessJwt, refreshJwt: s.refreshJwt } satisfies StoredTokens));

const unreadable = (handle: string) =>
  new BlueskyError('transient', `The saved login of @${handle} cannot be read by this server. If this lasts, connect the account again.`);

/** The app password and session of an account, unsealed (throws a BlueskyError when they cannot be read). */
export function credentialsOf(box: SecretBox, account: SocialAccountRow) {
  if (!account.appPasswordSealed || !account.sessionSealed || !account.service || !account.did) throw unreadable(account.handle);
  try {
    const tokens = JSON.parse(box.open(account.sessionSealed)) as StoredTokens;
    const session: BlueskySession = { service: account.service, did: account.did, handle: account.handle, ...tokens };
    return { appPassword: box.open(account.appPasswordSealed), session };
  } catch {
    throw unreadable(account.handle);
  }
}

async function grantGone(err: unknown): Promise<boolean> {
  const { TokenInvalidError, TokenRefreshError, TokenRevokedError } = await atprotoOAuth();
  return err instanceof TokenRefreshError || err instanceof TokenRevokedError || err instanceof TokenInvalidError;
}

export const reconnect = (handle: string) =>
  new BlueskyError('auth', `Bluesky no longer accepts the connection of @${handle}. Reconnect the account on the accounts page.`);

/**
 * Signed-in agents, one per account and process, made from the stored session: logging in costs a createSession
 * (30 per 5 minutes per account), so it happens only when the stored session no longer refreshes. Every new token
 * pair is stored (sealed) for the other instances and the next start. An agent is dropped when the account is
 * connected again (its credentials version changes) or when a call says its session is no longer accepted. Every
 * call, refresh and sign-in goes through `fetch`, the outbound door.
 */
export function createBlueskyAgents(db: Db, box: SecretBox, log: Logger, fetch: typeof globalThis.fetch, oauth: BlueskyOAuth) {
  const cache = new Map<string, { version: number; agent: Promise<Agent> }>();

  async function open(account: SocialAccountRow): Promise<Agent> {
    if (account.authMethod === 'oauth') return openOAuth(account);
    const { appPassword, session } = credentialsOf(box, account);
    const store = async (fresh: BlueskySession) => {
      try {
        await storeSession(db, account, sealTokens(box, fresh));
      } catch (err) {
        log.warn({ err, accountId: account.id }, 'could not store a refreshed Bluesky session');
      }
    };
    const relogin = () => {
      log.info({ accountId: account.id, handle: account.handle }, 'Bluesky session expired: signing in again with the app password');
      return blueskyLogin(session.service, account.did ?? account.handle, appPassword, fetch);
    };
    return resumeAgent(session, store, relogin, fetch);
  }

  /**
   * An agent on the account's OAuth grant; the client refreshes it when due (one instance at a time). A grant Bluesky
   * no longer honours marks the account as needing reconnection: only the artist can give a new one.
   */
  async function openOAuth(account: SocialAccountRow): Promise<Agent> {
    if (account.needsReconnectAt || !account.did) throw reconnect(account.handle);
    const [client, { Agent }] = await Promise.all([oauth.client(), atprotoApi()]);
    try {
      return new Agent(await client.restore(account.did));
    } catch (err) {
      // The grant is gone (revoked, refresh refused, deleted by another process); anything else may pass.
      if (await grantGone(err)) {
        log.warn(
          { accountId: account.id, handle: account.handle, err: String(err) },
          'Bluesky OAuth grant gone: the account needs reconnecting',
        );
        await markNeedsReconnect(db, account.id);
        throw reconnect(account.handle);
      }
      throw toBlueskyError(err, account.service ?? 'Bluesky');
    }
  }

  return {
    agentFor(account: SocialAccountRow): Promise<Agent> {
      const hit = cache.get(account.id);
      if (hit && hit.version === account.credentialsVersion) return hit.agent;
      const agent = open(account);
      const entry = { version: account.credentialsVersion, agent };
      cache.set(account.id, entry);
      agent.catch(() => cache.get(account.id) === entry && cache.delete(account.id));
      return agent;
    },
    /** Drops the agent of an account: the next call resumes from the stored session (or signs in again). */
    forget(accountId: string) {
      cache.delete(accountId);
    },
  };
}

export type BlueskyAgents = ReturnType<typeof createBlueskyAgents>;
