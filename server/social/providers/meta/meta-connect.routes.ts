import { Hono } from 'hono';
import * as z from 'zod/mini';
import {
  metaAvailabilitySchema,
  metaNetworkSchema,
  metaStartedSchema,
  type MetaFailure,
} from '../../../../src/schemas/meta-connect.schema';
import { flowBinding } from '../../../auth/flow-binding';
import { requireUser } from '../../../auth/require-user';
import type { AppDeps, AppEnv } from '../../../context';
import { Invalid } from '../../../errors';
import { ApiRouter } from '../../../http/api-router';
import { errorDoc } from '../../../http/router';
import { instagramAuthorizeUrl } from '../instagram/instagram-api';
import { ConnectFailed, INSTAGRAM_CALLBACK_PATH, connectInstagram, instagramRedirectUri } from '../instagram/instagram-connect';
import { metaAvailability } from './meta-availability';
import { beginFlow, takeFlow } from './meta-flow';

const tag = 'Social media';
const CONNECT_PAGE = (network: string) => `/social-media/accounts/connect/${network}`;

/** Instagram and Facebook through Meta's logins: whether each is offered, and the start of a sign-in. */
export function metaConnectRoutes(deps: AppDeps) {
  const api = new ApiRouter(requireUser(deps));
  const binding = flowBinding(deps.config.appUrl);

  api.openapi(
    {
      method: 'get',
      path: '/social-media/availability',
      summary: 'Whether Instagram and Facebook can be connected on this studio, and if not, why',
      tag,
      auth: true,
      responses: { 200: { description: 'Per network', schema: metaAvailabilitySchema }, 401: errorDoc('Not signed in') },
    },
    (c) => c.json({ instagram: metaAvailability(deps.config, 'instagram'), facebook: metaAvailability(deps.config, 'facebook') }, 200),
  );

  api.openapi(
    {
      method: 'post',
      path: '/social/meta/:network/start',
      summary:
        "Continue with Instagram (or Facebook): answers Meta's login page. The state is single-use, expires in an hour, and is " +
        'bound to the artist and, by a cookie set on this answer, to this browser.',
      tag,
      auth: true,
      params: z.object({ network: metaNetworkSchema }),
      responses: {
        200: { description: 'Where to send the browser', schema: metaStartedSchema },
        400: errorDoc('The network is not offered on this studio (the message says why)'),
        401: errorDoc('Not signed in'),
      },
    },
    async (c, { params }) => {
      const offered = metaAvailability(deps.config, params.network);
      if (!offered.offered)
        throw new Invalid(offered.message, { code: offered.reason === 'not-set-up' ? 'META_NOT_SET_UP' : 'META_NOT_PUBLIC' });
      const app = deps.config.social.meta.instagram;
      if (params.network !== 'instagram' || !app)
        throw new Invalid('Connecting Facebook Pages is not available yet.', { code: 'PLATFORM_COMING_SOON' });
      const state = await beginFlow(deps.db, deps.social.box, {
        userId: c.var.auth.user.userId,
        binding: binding.start(c),
        network: 'instagram',
      });
      return c.json({ authorizeUrl: instagramAuthorizeUrl(app, { redirectUri: instagramRedirectUri(deps.config.appUrl), state }) }, 200);
    },
  );
  return api;
}

/** Outside /api: where Instagram sends the browser back; it connects the account and returns to the connect screen. */
export function metaCallbackRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const { appUrl } = deps.config;
  const binding = flowBinding(appUrl);
  const back = (query: Record<string, string>) => `${appUrl}${CONNECT_PAGE('instagram')}?${new URLSearchParams(query)}`;
  const failed = (reason: MetaFailure) => back({ instagram: 'failed', reason });

  app.get(INSTAGRAM_CALLBACK_PATH, async (c) => {
    c.header('cache-control', 'no-store');
    const q = c.req.query();
    // The state is used up whatever happens next: a second callback with it finds nothing.
    const flow = q.state ? await takeFlow(deps.db, deps.social.box, q.state) : null;
    const bound = binding.finish(c, flow?.binding);
    if (flow && !bound) {
      deps.log.warn({ state: q.state.slice(0, 8) }, 'Instagram callback from another browser than the one that began it: refused');
      return binding.refuse(c);
    }
    if (!flow || flow.network !== 'instagram') return c.redirect(failed('expired'), 303);
    if (q.error) return c.redirect(failed(q.error === 'access_denied' ? 'denied' : 'error'), 303);
    if (!q.code) return c.redirect(failed('error'), 303);
    try {
      const row = await connectInstagram(deps, flow.userId, q.code);
      deps.log.info({ userId: flow.userId, handle: row.handle }, 'Instagram account connected');
      return c.redirect(back({ instagram: 'connected', handle: row.handle }), 303);
    } catch (err) {
      const reason = err instanceof ConnectFailed ? err.reason : 'error';
      deps.log.warn({ err: String(err), reason }, 'Instagram callback failed');
      return c.redirect(failed(reason), 303);
    }
  });
  return app;
}
