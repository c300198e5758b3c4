import { instagramQuotaQuerySchema, instagramQuotaSchema } from '../../../../src/schemas/meta-connect.schema';
import { requireUser } from '../../../auth/require-user';
import type { AppDeps } from '../../../context';
import { NotFound, UpstreamFailed } from '../../../errors';
import { ApiRouter } from '../../../http/api-router';
import { errorDoc } from '../../../http/router';
import { findAccount } from '../../accounts.repo';
import { readMetaFailure } from '../meta/meta-failures';
import { readInstagramQuota } from './instagram-quota';

const NO_ACCOUNT = 'No such Instagram account is connected.';

/** GET /api/social-media/accounts/quota?handle=: the editor's "12 of 50 posts left today". */
export function instagramQuotaRoutes(deps: AppDeps) {
  const api = new ApiRouter(requireUser(deps));
  api.openapi(
    {
      method: 'get',
      path: '/social-media/accounts/quota',
      summary:
        "An Instagram account's publishing quota, read live from Meta (kept a minute): posts published in the rolling 24 hours, " +
        'of how many. A post that would pass it waits, it does not fail.',
      tag: 'Social media',
      auth: true,
      query: instagramQuotaQuerySchema,
      responses: {
        200: { description: 'The quota', schema: instagramQuotaSchema },
        400: errorDoc('No handle given'),
        401: errorDoc('Not signed in'),
        404: errorDoc('The artist has no Instagram account by that handle'),
        502: errorDoc('Instagram could not be asked (the message says why and what to do)'),
      },
    },
    async (c, { query }) => {
      const account = await findAccount(deps.db, c.var.auth.user.userId, { platform: 'instagram', handle: query.handle });
      if (!account) throw new NotFound(NO_ACCOUNT);
      const reading = await readInstagramQuota(deps, account).catch((err: unknown) => {
        throw new UpstreamFailed(readMetaFailure(err, 'Instagram').message, { code: 'INSTAGRAM_QUOTA_UNREAD' });
      });
      if (!reading) throw new NotFound(NO_ACCOUNT);
      return c.json({ handle: account.handle, ...reading }, 200);
    },
  );
  return api;
}
