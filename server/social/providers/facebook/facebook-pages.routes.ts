import type { Context } from 'hono';
import { facebookPageChoiceSchema, facebookPagesQuerySchema, facebookPagesSchema } from '../../../../src/schemas/meta-connect.schema';
import { socialAccountSchema } from '../../../../src/schemas/social.schema';
import type { FlowBinding } from '../../../auth/flow-binding';
import type { AppDeps, AppEnv } from '../../../context';
import { Forbidden, Invalid, NotFound } from '../../../errors';
import type { ApiRouter } from '../../../http/api-router';
import { errorDoc } from '../../../http/router';
import { toAccountDto } from '../../accounts.repo';
import { connectFacebookPage } from './facebook-connect';
import { readPageChoice, takePageChoice, type PageChoice } from './facebook-page-choice';

const tag = 'Social media';
const EXPIRED = 'That choice of Facebook Pages has expired or was already made. Start again with Continue with Facebook.';
const OTHER_BROWSER = 'Choose the Page in the browser where you signed in to Facebook.';

const errors = {
  400: errorDoc('Invalid input'),
  401: errorDoc('Not signed in'),
  403: errorDoc('The choice was begun in another browser'),
  404: errorDoc('No such choice for this artist: expired, already made, or never begun'),
};

/**
 * "Continue with Facebook" for a person who manages several Pages: the Pages to pick from, then the one picked
 * connected. The choice is the artist's who signed in and this browser's (its binding cookie), for ten minutes;
 * another artist gets 404, as if it did not exist, and another browser 403.
 */
export function facebookPageRoutes(api: ApiRouter, deps: AppDeps, binding: FlowBinding) {
  const mine = (c: Context<AppEnv>, choice: PageChoice | null): PageChoice => {
    if (!choice || choice.userId !== c.var.auth.user.userId) throw new NotFound(EXPIRED, { code: 'FACEBOOK_CHOICE_NOT_FOUND' });
    if (!binding.holds(c, choice.binding)) throw new Forbidden(OTHER_BROWSER, { code: 'FLOW_OTHER_BROWSER' });
    return choice;
  };

  api.openapi(
    {
      method: 'get',
      path: '/social/meta/facebook/pages',
      summary: 'The Facebook Pages the artist can connect, after a sign-in that found several (no Page token is answered)',
      tag,
      auth: true,
      query: facebookPagesQuerySchema,
      responses: { 200: { description: 'The Pages', schema: facebookPagesSchema }, ...errors },
    },
    async (c, { query }) => {
      const choice = mine(c, await readPageChoice(deps.db, deps.social.box, query.flow));
      return c.json({ pages: choice.pages.map((p) => ({ pageId: p.id, name: p.name })) }, 200);
    },
  );

  api.openapi(
    {
      method: 'post',
      path: '/social/meta/facebook/pages',
      summary: 'Connect the Facebook Page the artist picked (once per sign-in); answers the connected account',
      tag,
      auth: true,
      body: facebookPageChoiceSchema,
      responses: { 200: { description: 'The connected account', schema: socialAccountSchema }, ...errors },
    },
    async (c, { body }) => {
      const seen = mine(c, await readPageChoice(deps.db, deps.social.box, body.flow));
      if (!seen.pages.some((p) => p.id === body.pageId)) {
        throw new Invalid('Choose one of your Pages', { fieldErrors: { pageId: ['Choose one of your Pages'] } });
      }
      // Taken once: a second request with the same choice (a double click, another tab) finds nothing.
      const choice = mine(c, await takePageChoice(deps.db, deps.social.box, body.flow));
      const row = await connectFacebookPage(
        deps,
        choice.userId,
        choice.pages.find((p) => p.id === body.pageId)!,
      );
      binding.finish(c, choice.binding);
      deps.log.info({ userId: choice.userId, handle: row.handle }, 'Facebook Page connected');
      return c.json(toAccountDto(row), 200);
    },
  );
}
