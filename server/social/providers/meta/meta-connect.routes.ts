import { Hono, type Context } from 'hono';
import * as z from 'zod/mini';
import {
  metaAvailabilitySchema,
  metaNetworkSchema,
  metaStartedSchema,
  type MetaFailure,
  type MetaNetwork,
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
import { facebookAuthorizeUrl } from '../facebook/facebook-api';
import { FACEBOOK_CALLBACK_PATH, connectFacebookPage, facebookRedirectUri, pagesForCode } from '../facebook/facebook-connect';
import { keepPageChoice } from '../facebook/facebook-page-choice';
import { facebookPageRoutes } from '../facebook/facebook-pages.routes';
import { beginFlow, takeFlow, type MetaFlow } from './meta-flow';

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
      const { instagram, facebook } = deps.config.social.meta;
      const state = await beginFlow(deps.db, deps.social.box, {
        userId: c.var.auth.user.userId,
        binding: binding.start(c),
        network: params.network,
      });
      const authorizeUrl =
        params.network === 'instagram'
          ? instagramAuthorizeUrl(instagram!, { redirectUri: instagramRedirectUri(deps.config.appUrl), state })
          : facebookAuthorizeUrl(facebook!, { redirectUri: facebookRedirectUri(deps.config.appUrl), state });
      return c.json({ authorizeUrl }, 200);
    },
  );
  facebookPageRoutes(api, deps, binding);
  return api;
}

/** How each network's sign-in ends once its state is checked: the query the connect screen is sent back with. */
type Finish = (c: Context<AppEnv>, flow: MetaFlow, code: string) => Promise<Record<string, string>>;

/**
 * Outside /api: where Instagram and Facebook send the browser back. The state is taken (once) and must have been begun
 * in this browser; then the network's own finish connects the account and the browser returns to the connect screen.
 */
export function metaCallbackRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const { appUrl } = deps.config;
  const binding = flowBinding(appUrl);

  const callback = (network: MetaNetwork, name: string, path: string, finish: Finish) => {
    const back = (query: Record<string, string>) => `${appUrl}${CONNECT_PAGE(network)}?${new URLSearchParams(query)}`;
    const failed = (reason: MetaFailure) => back({ [network]: 'failed', reason });
    app.get(path, async (c) => {
      c.header('cache-control', 'no-store');
      const q = c.req.query();
      // The state is used up whatever happens next: a second callback with it finds nothing.
      const flow = q.state ? await takeFlow(deps.db, deps.social.box, q.state) : null;
      const bound = binding.finish(c, flow?.binding);
      if (flow && !bound) {
        deps.log.warn({ state: q.state.slice(0, 8) }, `${name} callback from another browser than the one that began it: refused`);
        return binding.refuse(c);
      }
      if (!flow || flow.network !== network) return c.redirect(failed('expired'), 303);
      if (q.error) return c.redirect(failed(q.error === 'access_denied' ? 'denied' : 'error'), 303);
      if (!q.code) return c.redirect(failed('error'), 303);
      try {
        return c.redirect(back(await finish(c, flow, q.code)), 303);
      } catch (err) {
        const reason = err instanceof ConnectFailed ? err.reason : 'error';
        deps.log.warn({ err: String(err), reason }, `${name} callback failed`);
        return c.redirect(failed(reason), 303);
      }
    });
  };

  callback('instagram', 'Instagram', INSTAGRAM_CALLBACK_PATH, async (_c, flow, code) => {
    const row = await connectInstagram(deps, flow.userId, code);
    deps.log.info({ userId: flow.userId, handle: row.handle }, 'Instagram account connected');
    return { instagram: 'connected', handle: row.handle };
  });

  // One Page: connected at once. Several: kept sealed for the artist to pick in this browser (a new binding cookie).
  callback('facebook', 'Facebook', FACEBOOK_CALLBACK_PATH, async (c, flow, code): Promise<Record<string, string>> => {
    const pages = await pagesForCode(deps, code);
    if (pages.length > 1) {
      const choice = await keepPageChoice(deps.db, deps.social.box, { userId: flow.userId, binding: binding.start(c), pages });
      return { facebook: 'choose-page', flow: choice };
    }
    const row = await connectFacebookPage(deps, flow.userId, pages[0]);
    deps.log.info({ userId: flow.userId, handle: row.handle }, 'Facebook Page connected');
    return { facebook: 'connected', handle: row.handle };
  });
  return app;
}
