import {
  facebookPagesSchema,
  instagramQuotaSchema,
  metaAvailabilitySchema,
  metaStartedSchema,
  type FacebookPage,
  type FacebookPageChoice,
  type InstagramQuota,
  type MetaAvailability,
  type MetaNetwork,
  type MetaStarted,
} from '../schemas/meta-connect.schema';
import { fittedPreviewSchema, type FittedPreview, type FittedPreviewRequest } from '../schemas/image-fit.schema';
import { socialAccountSchema, type SocialAccount } from '../schemas/social.schema';
import { call } from './api-error';
import type { Http } from './http';
import type { QueryCache } from './query-cache';

/** The server keeps Instagram's quota a minute; asking more often would only read its copy. */
const QUOTA_FRESH_MS = 60_000;

/**
 * Instagram and Facebook (docs/decisions.md, "Instagram and Facebook: the API the editor and the connect screens use"):
 * whether each is offered, the start of Meta's sign-in, the Page choice, Instagram's daily quota and the fitted image.
 */
export function createMetaService(http: Http, cache: QueryCache) {
  return {
    availability: (): Promise<MetaAvailability> =>
      call(async () => metaAvailabilitySchema.parse((await http.get('/social-media/availability')).data)),

    /** Where to send the browser to sign in with Meta; the accounts change once it is back. */
    start: (network: MetaNetwork): Promise<MetaStarted> =>
      call(async () => {
        const started = metaStartedSchema.parse((await http.post(`/social/meta/${network}/start`)).data);
        cache.invalidate(['social', 'accounts']);
        return started;
      }),

    /** The Pages the Facebook person manages, for the sign-in `flow` the callback named. */
    pages: (flow: string): Promise<FacebookPage[]> =>
      call(async () => facebookPagesSchema.parse((await http.get('/social/meta/facebook/pages', { params: { flow } })).data).pages),

    choosePage: (choice: FacebookPageChoice): Promise<SocialAccount> =>
      call(async () => {
        const account = socialAccountSchema.parse((await http.post('/social/meta/facebook/pages', choice)).data);
        cache.invalidate(['social', 'accounts']);
        return account;
      }),

    quota: (handle: string): Promise<InstagramQuota> =>
      call(() =>
        cache.fetch(
          ['social', 'quota', handle],
          async () => instagramQuotaSchema.parse((await http.get('/social-media/accounts/quota', { params: { handle } })).data),
          QUOTA_FRESH_MS,
        ),
      ),

    /** One image as Instagram will receive it, on the mat the artist picked (its address is short-lived: never kept). */
    fittedPreview: (request: FittedPreviewRequest): Promise<FittedPreview> =>
      call(async () => fittedPreviewSchema.parse((await http.post('/social-media/fitted-preview', request)).data)),
  };
}

export type MetaService = ReturnType<typeof createMetaService>;
