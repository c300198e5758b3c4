import { Hono } from 'hono';
import {
  OAUTH_RESULT_PARAM,
  oauthStartSchema,
  oauthStartedSchema,
  type OAuthFailure,
} from '../../../../../src/schemas/bluesky-oauth.schema';
import { flowBinding } from '../../../../auth/flow-binding';
import { requireUser } from '../../../../auth/require-user';
import type { AppDeps, AppEnv } from '../../../../context';
import { DomainError, Invalid, UpstreamFailed } from '../../../../errors';
import { atprotoApi, atprotoOAuth } from '../atproto-libs';
import { ApiRouter } from '../../../../http/api-router';
import { errorDoc } from '../../../../http/router';
import { withDeadline } from '../../../../outbound/deadline';
import { OutboundRefused } from '../../../../outbound/guarded-fetch';
import { saveAccount } from '../../../accounts.repo';
import { releaseAfterReconnect } from '../../../delivery.repo';
import { checkServiceUrl } from '../service-url';
import { HandleUnreachable } from './handle-resolver';
import { CALLBACK_PATH, confidentialMetadata } from './oauth-client';

const tag = 'Social media';
/**
 * Where the browser lands after the PDS: the accounts section's connect screen, whose chart reads the result from the
 * query (connected: it says so and shows the accounts; failed: why, with both ways to try again).
 */
const ACCOUNTS_PAGE = '/social-media/accounts/connect/bluesky';
const START_TIMEOUT_MS = 15_000;
/** The callback's token exchange, identity checks and the repo's description, all together. */
const CALLBACK_TIMEOUT_MS = 30_000;

const invalidIdentifier = (message: string, code: string) => new Invalid(message, { code, fieldErrors: { identifier: [message] } });

/** Failures that say nothing about the handle: nobody answered (the network, a resolver or the PLC directory down). */
const OUTAGE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'EAI_AGAIN',
  'UND_ERR_CONNECT_TIMEOUT',
]);
function isOutage(err: unknown): boolean {
  for (let c = err; c instanceof Error; c = c.cause) {
    if (c instanceof HandleUnreachable || c.name === 'TimeoutError' || c.name === 'AbortError') return true;
    if ((c instanceof TypeError && c.message === 'fetch failed') || OUTAGE_CODES.has((c as { code?: string }).code ?? '')) return true;
  }
  return false;
}

/** What the connect screen shows when the artist's server cannot be found or asked; nothing is stored. */
async function startFailure(err: unknown, identifier: string): Promise<DomainError> {
  const { OAuthResolverError } = await atprotoOAuth();
  for (let c = err; c instanceof Error; c = c.cause)
    if (c instanceof OutboundRefused) return invalidIdentifier(c.message, 'BLUESKY_ADDRESS_REFUSED');
  const identity = err instanceof OAuthResolverError && err.message.startsWith('Failed to resolve identity');
  // A handle nobody could look up is not a handle that does not exist: "could not reach", not "not found".
  if (identity && isOutage(err))
    return new UpstreamFailed(`@${identifier} could not be looked up: Bluesky cannot be reached right now. Try again in a moment.`, {
      code: 'BLUESKY_UNREACHABLE',
      fieldErrors: { identifier: [`@${identifier} could not be looked up: Bluesky cannot be reached right now.`] },
    });
  if (identity) return invalidIdentifier(`No Bluesky account @${identifier} was found. Check the handle.`, 'BLUESKY_UNKNOWN_HANDLE');
  return new UpstreamFailed(`The Bluesky server for ${identifier} cannot be reached. Check the address, or try again later.`, {
    code: 'BLUESKY_UNREACHABLE',
    fieldErrors: { identifier: [`The Bluesky server for ${identifier} cannot be reached.`] },
  });
}

/**
 * Who began an authorization, and in which browser: kept in the (sealed, server-side) state. The browser is the hash
 * of the nonce in its binding cookie (server/auth/flow-binding.ts); a callback from any other browser is refused.
 */
interface AppState {
  userId: string;
  binding: string;
}

/** Marks a callback already sent on from the loopback address to APP_URL's host (so it is sent on once at most). */
const SENT_ON = 'studio_sent_on';

/** Connecting Bluesky with OAuth: start (→ the PDS's page) and the API's half; the callback is in oauthPublicRoutes. */
export function oauthRoutes(deps: AppDeps) {
  const api = new ApiRouter(requireUser(deps));
  const { oauth } = deps.social;
  const binding = flowBinding(deps.config.appUrl);

  api.openapi(
    {
      method: 'post',
      path: '/social/oauth/start',
      summary:
        'Connect a Bluesky account with OAuth: answers the address of the PDS authorization page for a handle (or a PDS address). ' +
        'The PDS sends the browser back to /oauth/callback, which connects the account and returns to the accounts page.',
      tag,
      auth: true,
      body: oauthStartSchema,
      responses: {
        200: { description: 'Where to send the browser', schema: oauthStartedSchema },
        400: errorDoc('Invalid input, unknown handle, or a refused address'),
        401: errorDoc('Not signed in'),
        502: errorDoc('The Bluesky server cannot be reached'),
        503: errorDoc('OAuth needs APP_URL on https'),
      },
    },
    async (c, { body }) => {
      if (oauth.mode === 'unavailable')
        throw new Invalid('Connecting with Bluesky needs the studio to be served on https (APP_URL). Use an app password instead.', {
          code: 'OAUTH_UNAVAILABLE',
        });
      let identifier = body.identifier.replace(/^@/, '');
      if (/^https?:\/\//i.test(identifier)) {
        identifier = await checkServiceUrl(identifier, deps.config.social.allowPrivateNetwork, deps.outbound).catch((err: unknown) => {
          throw err instanceof Invalid ? invalidIdentifier(err.message, 'BLUESKY_ADDRESS_REFUSED') : err;
        });
      } else identifier = identifier.toLowerCase();
      const client = await oauth.client();
      const state = JSON.stringify({ userId: c.var.auth.user.userId, binding: binding.start(c) } satisfies AppState);
      const url = await withDeadline(START_TIMEOUT_MS, (signal) => client.authorize(identifier, { state, signal })).catch(
        async (err: unknown) => {
          deps.log.info({ err: String(err), cause: String((err as Error)?.cause ?? '') }, 'Bluesky OAuth could not start');
          throw await startFailure(err, identifier);
        },
      );
      return c.json({ authorizeUrl: url.toString() }, 200);
    },
  );
  return api;
}

/** Why a callback failed, in the words of the query the accounts page reads. */
async function callbackFailure(err: unknown): Promise<OAuthFailure> {
  const { OAuthCallbackError } = await atprotoOAuth();
  if (err instanceof OAuthCallbackError) {
    // A state this server does not hold (never began, used already, or too old) comes first: its error is no one's.
    if (/^(Unknown authorization session|Missing "state")/.test(err.message)) return 'expired';
    if (err.params.get('error') === 'access_denied') return 'denied';
  }
  return 'error';
}

/**
 * Outside /api: the OAuth callback the PDS sends the browser to, and, for a confidential client, the documents
 * Bluesky servers fetch to know this client (its metadata, and the public half of its key).
 */
export function oauthPublicRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const { oauth } = deps.social;
  const { appUrl } = deps.config;
  const binding = flowBinding(appUrl);
  const back = (query: Record<string, string>) => `${appUrl}${ACCOUNTS_PAGE}?${new URLSearchParams(query)}`;

  if (oauth.mode === 'confidential') {
    app.get('/oauth/client-metadata.json', (c) => c.json(confidentialMetadata(appUrl), 200, { 'cache-control': 'public, max-age=600' }));
    app.get('/oauth/jwks.json', async (c) => c.json((await oauth.client()).jwks, 200, { 'cache-control': 'public, max-age=600' }));
  }

  app.get('/oauth/callback', async (c) => {
    c.header('cache-control', 'no-store');
    if (oauth.mode === 'unavailable') return c.redirect(back({ [OAUTH_RESULT_PARAM]: 'failed', reason: 'error' }), 303);
    const url = new URL(c.req.url);
    const params = url.searchParams;
    // A loopback client's PDS sends the browser to 127.0.0.1, while the studio, and so its cookie, is on APP_URL's host
    // (localhost): the callback goes on there once, with its query, for the cookie to come with it.
    if (!binding.present(c) && !params.has(SENT_ON) && url.hostname !== new URL(appUrl).hostname) {
      params.set(SENT_ON, '1');
      return c.redirect(`${appUrl}${CALLBACK_PATH}?${params}`, 303);
    }
    params.delete(SENT_ON);
    try {
      // The browser that began the sign-in, checked before the client exchanges the code: a callback from another
      // browser (someone else's approval of a flow an attacker started) is refused and its state used up.
      const key = params.get('state');
      const started = key ? await oauth.appStateOf(key) : undefined;
      const bound = binding.finish(c, started ? (JSON.parse(started) as Partial<AppState>).binding : undefined);
      if (key && started && !bound) {
        await oauth.forgetState(key);
        deps.log.warn({ state: key.slice(0, 8) }, 'Bluesky OAuth callback from another browser than the one that began it: refused');
        return binding.refuse(c);
      }
      const [client, { Agent }] = await Promise.all([oauth.client(), atprotoApi()]);
      const { session, state, repo, info } = await withDeadline(CALLBACK_TIMEOUT_MS, async () => {
        const { session, state } = await client.callback(params);
        const agent = new Agent(session);
        const [repo, info] = await Promise.all([agent.com.atproto.repo.describeRepo({ repo: session.did }), session.getTokenInfo(false)]);
        return { session, state, repo, info };
      });
      const { userId } = JSON.parse(state ?? '{}') as Partial<AppState>;
      if (!userId) throw new Error('callback without the user who started it');
      const row = await saveAccount(deps.db, {
        userId,
        platform: 'bluesky',
        handle: repo.data.handle.toLowerCase(),
        did: session.did,
        service: new URL(info.aud).origin,
        appPasswordSealed: null,
        sessionSealed: null,
        authMethod: 'oauth',
      });
      deps.social.agents.forget(row.id);
      // Posts that waited for this account go out now (the worker's next round claims them).
      await releaseAfterReconnect(deps.db, row.id);
      deps.log.info({ userId, handle: row.handle }, 'Bluesky account connected with OAuth');
      return c.redirect(back({ [OAUTH_RESULT_PARAM]: 'connected', handle: row.handle }), 303);
    } catch (err) {
      const reason = await callbackFailure(err);
      deps.log.warn({ err: String(err), reason }, 'Bluesky OAuth callback failed');
      return c.redirect(back({ [OAUTH_RESULT_PARAM]: 'failed', reason }), 303);
    }
  });
  return app;
}
