import * as z from 'zod/mini';
import { PLATFORM_LABELS } from '../../src/schemas/social-platform.schema';
import {
  DEFAULT_BLUESKY_SERVICE,
  SOCIAL_MESSAGES,
  accountRefSchema,
  connectAccountSchema,
  socialAccountSchema,
} from '../../src/schemas/social.schema';
import { requireUser } from '../auth/require-user';
import type { AppDeps } from '../context';
import { type DomainError, Invalid, NotFound, RateLimited, UpstreamFailed } from '../errors';
import { ApiRouter } from '../http/api-router';
import { errorDoc } from '../http/router';
import { sealTokens } from './providers/bluesky/agents';
import { deleteAccount, listAccounts, saveAccount, toAccountDto } from './accounts.repo';
import { releaseAfterReconnect } from './delivery.repo';
import { revokeGrant } from './providers/bluesky/oauth/revoke-grant';
import { BlueskyError, blueskyLogin, toBlueskyError } from './providers/bluesky/bluesky';
import { checkServiceUrl } from './providers/bluesky/service-url';

const tag = 'Social media';
const errors = { 400: errorDoc('Invalid input'), 401: errorDoc('Not signed in') };

/** What the connect screen shows when Bluesky says no, or cannot be asked; nothing is stored in either case. */
function connectFailure(err: BlueskyError): DomainError {
  switch (err.kind) {
    case 'auth':
      return new Invalid(err.message, { code: 'BLUESKY_AUTH', fieldErrors: { 'credentials.appPassword': [err.message] } });
    case 'rate-limited':
      return new RateLimited('Bluesky is limiting sign-ins for this account right now. Try again in a few minutes.', {
        code: 'BLUESKY_RATE_LIMITED',
        retryAfterSeconds: err.retryAfterSeconds ?? 60,
      });
    case 'refused':
      return new Invalid(err.message, { code: 'BLUESKY_ADDRESS_REFUSED', fieldErrors: { 'credentials.service': [err.message] } });
    case 'rejected':
    case 'conflict':
      return new Invalid(err.message, { code: 'BLUESKY_REJECTED' });
    default:
      return new UpstreamFailed(`${err.message} Check the server address, or try again later.`, {
        code: 'BLUESKY_UNREACHABLE',
        fieldErrors: { 'credentials.service': [err.message] },
      });
  }
}

/** Connected accounts: list, connect (logs in once and keeps the session, sealed), disconnect. */
export function accountRoutes(deps: AppDeps) {
  const api = new ApiRouter(requireUser(deps));
  const { db, social } = deps;

  api.openapi(
    {
      method: 'get',
      path: '/social-media/accounts',
      summary: "The artist's connected accounts",
      tag,
      auth: true,
      responses: { 200: { description: 'The accounts', schema: z.array(socialAccountSchema) }, ...errors },
    },
    async (c) => c.json((await listAccounts(db, c.var.auth.user.userId)).map(toAccountDto), 200),
  );

  api.openapi(
    {
      method: 'post',
      path: '/social-media/accounts',
      summary:
        'Connect an account: Bluesky signs in once with the handle and an app password at credentials.service (default https://bsky.social). ' +
        'Connecting the same account again updates it. Instagram and Facebook: not yet.',
      tag,
      auth: true,
      body: connectAccountSchema,
      responses: {
        200: { description: 'The connected account', schema: socialAccountSchema },
        ...errors,
        429: errorDoc('Bluesky limits sign-ins right now'),
        502: errorDoc('The Bluesky server cannot be reached'),
      },
    },
    async (c, { body }) => {
      if (body.platform !== 'bluesky') {
        throw new Invalid(`${PLATFORM_LABELS[body.platform]} ${SOCIAL_MESSAGES.comingSoon}`, { code: 'PLATFORM_COMING_SOON' });
      }
      const service = await checkServiceUrl(
        body.credentials.service?.trim() || DEFAULT_BLUESKY_SERVICE,
        deps.config.social.allowPrivateNetwork,
        deps.outbound,
      );
      const appPassword = body.credentials.appPassword;
      const session = await blueskyLogin(service, body.credentials.identifier, appPassword, deps.outbound.fetch).catch((err) => {
        throw connectFailure(toBlueskyError(err, service));
      });
      const row = await saveAccount(db, {
        userId: c.var.auth.user.userId,
        platform: 'bluesky',
        handle: session.handle.toLowerCase(),
        did: session.did,
        service,
        appPasswordSealed: social.box.seal(appPassword),
        sessionSealed: sealTokens(social.box, session),
      });
      social.agents.forget(row.id);
      // Posts that waited for this account go out now (the worker polls; its next round claims them).
      await releaseAfterReconnect(db, row.id);
      return c.json(toAccountDto({ ...row, needsReconnectAt: null }), 200);
    },
  );

  api.openapi(
    {
      method: 'delete',
      path: '/social-media/accounts',
      summary: 'Disconnect an account (its saved app password and session are deleted; an OAuth grant is revoked at its PDS)',
      tag,
      auth: true,
      body: accountRefSchema,
      responses: { 204: { description: 'Disconnected' }, 404: errorDoc('No such account'), ...errors },
    },
    async (c, { body }) => {
      const row = await deleteAccount(db, c.var.auth.user.userId, body);
      if (!row) throw new NotFound('Account not found.');
      social.agents.forget(row.id);
      await revokeGrant(deps, row);
      return c.body(null, 204);
    },
  );
  return api;
}
