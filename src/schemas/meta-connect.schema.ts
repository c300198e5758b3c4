import * as z from 'zod/mini';
import { text } from './text.schema';

/** The networks connected through Meta's logins. */
export const META_NETWORKS = ['instagram', 'facebook'] as const;
export const metaNetworkSchema = z.enum(META_NETWORKS, { error: 'Choose Instagram or Facebook' });
export type MetaNetwork = z.infer<typeof metaNetworkSchema>;

/**
 * GET /api/social-media/availability: whether the connect screen offers each Meta network, and if not, why in the
 * operator's or the artist's words (`not-set-up`: no Meta app id and secret; `not-public`: APP_URL is not https).
 */
export const availabilitySchema = z.union([
  z.object({ offered: z.literal(true) }),
  z.object({ offered: z.literal(false), reason: z.enum(['not-set-up', 'not-public']), message: z.string() }),
]);
export type NetworkAvailability = z.infer<typeof availabilitySchema>;
export const metaAvailabilitySchema = z.object({ instagram: availabilitySchema, facebook: availabilitySchema });
export type MetaAvailability = z.infer<typeof metaAvailabilitySchema>;

/**
 * POST /api/social/meta/:network/start (no body): answers Meta's login page for "Continue with Instagram" or
 * "Continue with Facebook". The state is single-use, expires in an hour, and is bound to the artist and, through an
 * HttpOnly cookie set on this answer, to this browser.
 */
export const metaStartedSchema = z.object({ authorizeUrl: z.string() });
export type MetaStarted = z.infer<typeof metaStartedSchema>;

/**
 * Meta sends the browser to /oauth/meta/:network/callback, which sends it on to
 * /social-media/accounts/connect/:network with one of:
 * - `?instagram=connected&handle=<username>` / `?facebook=connected&handle=<page name>`;
 * - `?facebook=choose-page&flow=<id>`: the person manages several Pages; the screen lists them (GET …/pages) and the
 *   artist picks one (POST …/pages);
 * - `?<network>=failed&reason=<reason>`.
 */
export const META_RESULTS = ['connected', 'choose-page', 'failed'] as const;
export type MetaResult = (typeof META_RESULTS)[number];
/**
 * denied: the person pressed Cancel; expired: the state is unknown, used or too old; scopes: a permission was unticked;
 * no-page: the Facebook person manages no Page; not-professional: a personal Instagram account; error: anything else.
 */
export const META_FAILURES = ['denied', 'expired', 'scopes', 'no-page', 'not-professional', 'error'] as const;
export type MetaFailure = (typeof META_FAILURES)[number];

/** What the connect screen says for each failure. */
export const META_FAILURE_MESSAGES: Record<MetaFailure, (network: string) => string> = {
  denied: (n) => `${n} was not connected: the sign-in was cancelled.`,
  expired: (n) => `That ${n} sign-in has expired or was already used. Start again.`,
  scopes: (n) => `${n} was not connected: the studio needs every permission it asked for to post for you. Start again and keep them all.`,
  'no-page': () => 'Facebook was connected, but you manage no Facebook Page: the studio posts to a Page. Create one, then start again.',
  'not-professional': () =>
    'Instagram only lets the studio post for professional accounts (Business or Creator). Switch the account in Instagram, then start again.',
  error: (n) => `${n} could not be connected right now. Try again in a few minutes.`,
};

/** One of the Pages the Facebook person manages (no token ever reaches the browser). */
export const facebookPageSchema = z.object({ pageId: z.string(), name: z.string() });
export type FacebookPage = z.infer<typeof facebookPageSchema>;

/** GET /api/social/meta/facebook/pages?flow=<id>: the Pages to choose from (the flow lives ten minutes, in this browser). */
export const facebookPagesQuerySchema = z.object({ flow: text('Flow', [z.minLength(1, { error: 'Flow is required' }), z.maxLength(200)]) });
export const facebookPagesSchema = z.object({ pages: z.array(facebookPageSchema) });

/** POST /api/social/meta/facebook/pages: connect the Page the artist picked; answers the connected account. */
export const facebookPageChoiceSchema = z.object({
  flow: text('Flow', [z.minLength(1, { error: 'Flow is required' }), z.maxLength(200)]),
  pageId: text('Page', [z.regex(/^\d{1,32}$/, { error: 'Choose one of your Pages' })], { error: 'Choose one of your Pages' }),
});
export type FacebookPageChoice = z.infer<typeof facebookPageChoiceSchema>;

/**
 * GET /api/social-media/accounts/quota?handle=<username>: an Instagram account's live publishing quota (read from
 * Meta's content_publishing_limit, kept a minute). A post that would pass it waits with that reason, it never fails.
 */
export const instagramQuotaQuerySchema = z.object({
  handle: text('Handle', [z.minLength(1, { error: 'Handle is required' }), z.maxLength(253)]),
});
export const instagramQuotaSchema = z.object({
  handle: z.string(),
  used: z.number(),
  total: z.number(),
  left: z.number(),
  /** Epoch ms of the reading. */
  readAt: z.number(),
});
export type InstagramQuota = z.infer<typeof instagramQuotaSchema>;
/** The editor's line: "12 of 50 posts left today". */
export const quotaText = (q: Pick<InstagramQuota, 'left' | 'total'>) =>
  `${q.left} of ${q.total} ${q.total === 1 ? 'post' : 'posts'} left today`;
/** Why a delivery waits when the quota is used up (the post's response carries it as `heldReason`). */
export const QUOTA_HELD_REASON =
  'Instagram allows a limited number of posts a day, and today’s are used: it goes out when the day’s limit frees up.';
