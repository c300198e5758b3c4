import { z } from 'zod';
import { getToken, graphRequest, graphUrl, loginPageUrl, type GraphTransport } from '../meta/graph-client';
import { graphCount, graphId, graphTime } from '../meta/graph-json';

/** The Instagram app (Business Login for Instagram) and where its hosts are; config.social.meta.instagram. */
export interface InstagramApp {
  appId: string;
  appSecret: string;
  authorizeUrl: string;
  /** api.instagram.com: the code exchange. */
  apiUrl: string;
  /** graph.instagram.com: everything else. */
  graphUrl: string;
  graphVersion: string;
}

export interface InstagramApi {
  app: InstagramApp;
  transport: GraphTransport;
}

export const INSTAGRAM_SCOPES = ['instagram_business_basic', 'instagram_business_content_publish'] as const;

export type ContainerStatus = 'IN_PROGRESS' | 'FINISHED' | 'ERROR' | 'EXPIRED' | 'PUBLISHED';

export interface RecentMedia {
  id: string;
  caption: string;
  permalink: string;
  timestamp: Date;
}

const node = (ig: InstagramApi, path: string) => graphUrl(ig.app.graphUrl, ig.app.graphVersion, path);
const idAnswer = z.object({ id: graphId });
/** Where the browser goes to connect an account: Instagram's authorization window. */
export function instagramAuthorizeUrl(app: InstagramApp, { redirectUri, state }: { redirectUri: string; state: string }) {
  return loginPageUrl(app.authorizeUrl, { clientId: app.appId, redirectUri, scopes: INSTAGRAM_SCOPES, state });
}

const grant = z.object({
  access_token: z.string().min(1),
  user_id: graphId,
  permissions: z.union([z.string().transform((s) => s.split(',').filter(Boolean)), z.array(z.string())]).optional(),
});

/** Exchanges the code the redirect carried for a short-lived token (1 hour) and the account's id, in either answer shape. */
export async function exchangeInstagramCode(ig: InstagramApi, { code, redirectUri }: { code: string; redirectUri: string }) {
  const answer = await graphRequest(
    ig.transport,
    {
      method: 'POST',
      url: `${ig.app.apiUrl.replace(/\/$/, '')}/oauth/access_token`,
      form: {
        client_id: ig.app.appId,
        client_secret: ig.app.appSecret,
        grant_type: 'authorization_code',
        redirect_uri: redirectUri,
        // Instagram appends #_ to the redirect; it is not part of the code.
        code: code.replace(/#_$/, ''),
      },
    },
    z.union([z.object({ data: z.array(grant).length(1) }).transform((w) => w.data[0]), grant]),
  );
  return { accessToken: answer.access_token, userId: answer.user_id, permissions: answer.permissions ?? [] };
}

/** The 60-day token for a short-lived one. */
export function exchangeInstagramToken(ig: InstagramApi, shortLivedToken: string) {
  return getToken(ig.transport, `${ig.app.graphUrl.replace(/\/$/, '')}/access_token`, {
    grant_type: 'ig_exchange_token',
    client_secret: ig.app.appSecret,
    access_token: shortLivedToken,
  });
}

/** Another 60 days for a long-lived token at least 24 hours old and not expired. */
export function refreshInstagramToken(ig: InstagramApi, longLivedToken: string) {
  return getToken(ig.transport, `${ig.app.graphUrl.replace(/\/$/, '')}/refresh_access_token`, {
    grant_type: 'ig_refresh_token',
    access_token: longLivedToken,
  });
}

/** The professional account the token speaks for: its id (a string, above 2^53) and username. */
export async function getInstagramAccount(ig: InstagramApi, token: string) {
  const answer = await graphRequest(
    ig.transport,
    { method: 'GET', url: node(ig, 'me'), query: { fields: 'user_id,username', access_token: token } },
    z.object({ user_id: graphId, username: z.string().min(1) }),
  );
  return { userId: answer.user_id, username: answer.username };
}

type Account = { token: string; igUserId: string };

const createContainer = async (ig: InstagramApi, { token, igUserId }: Account, form: Record<string, string | undefined>) =>
  (
    await graphRequest(
      ig.transport,
      { method: 'POST', url: node(ig, `${igUserId}/media`), form: { ...form, access_token: token } },
      idAnswer,
    )
  ).id;

/** A container for one image (or, with `carouselItem`, one image of a carousel, which carries no caption). */
export function createImageContainer(
  ig: InstagramApi,
  account: Account,
  image: { imageUrl: string; caption?: string; altText?: string; carouselItem?: boolean },
) {
  return createContainer(ig, account, {
    image_url: image.imageUrl,
    is_carousel_item: image.carouselItem ? 'true' : undefined,
    caption: image.carouselItem ? undefined : image.caption,
    alt_text: image.altText || undefined,
  });
}

/** A carousel of 2-10 item containers. */
export function createCarouselContainer(
  ig: InstagramApi,
  account: Account,
  { children, caption }: { children: string[]; caption?: string },
) {
  return createContainer(ig, account, { media_type: 'CAROUSEL', children: children.join(','), caption });
}

/** A Reel from a video Instagram fetches. */
export function createReelContainer(ig: InstagramApi, account: Account, { videoUrl, caption }: { videoUrl: string; caption?: string }) {
  return createContainer(ig, account, { media_type: 'REELS', video_url: videoUrl, caption });
}

/** A container's state; with ERROR, the subcode Instagram gives (the reason, for readMetaFailure). */
export async function getContainerStatus(ig: InstagramApi, token: string, containerId: string) {
  const answer = await graphRequest(
    ig.transport,
    { method: 'GET', url: node(ig, containerId), query: { fields: 'status_code,status', access_token: token } },
    z.object({ status_code: z.enum(['IN_PROGRESS', 'FINISHED', 'ERROR', 'EXPIRED', 'PUBLISHED']), status: z.string().optional() }),
  );
  const subcode = answer.status_code === 'ERROR' ? /\b(\d{7})\b/.exec(answer.status ?? '')?.[1] : undefined;
  return { statusCode: answer.status_code as ContainerStatus, errorSubcode: subcode ? Number(subcode) : undefined };
}

/** Publishes a FINISHED container; answers the new media's id. */
export async function publishContainer(ig: InstagramApi, { token, igUserId }: Account, containerId: string) {
  return (
    await graphRequest(
      ig.transport,
      { method: 'POST', url: node(ig, `${igUserId}/media_publish`), form: { creation_id: containerId, access_token: token } },
      idAnswer,
    )
  ).id;
}

/** The account's latest media, newest first. */
export async function listRecentMedia(ig: InstagramApi, { token, igUserId }: Account, limit = 25): Promise<RecentMedia[]> {
  const answer = await graphRequest(
    ig.transport,
    { method: 'GET', url: node(ig, `${igUserId}/media`), query: { fields: 'id,caption,permalink,timestamp', limit, access_token: token } },
    z.object({
      data: z.array(z.object({ id: graphId, caption: z.string().optional(), permalink: z.url(), timestamp: graphTime })),
    }),
  );
  return answer.data.map((m) => ({ id: m.id, caption: m.caption ?? '', permalink: m.permalink, timestamp: m.timestamp }));
}

/**
 * The media a container became when media_publish's answer was lost: no field ties the two, so it is the newest media
 * with the same caption published since the container was made.
 */
export function findPublishedMedia(recent: RecentMedia[], { caption, since }: { caption: string; since: Date }) {
  return recent.find((m) => m.caption === caption && m.timestamp.getTime() >= Math.floor(since.getTime() / 1000) * 1000);
}

/** A media's public address. */
export async function getMediaPermalink(ig: InstagramApi, token: string, mediaId: string) {
  return (
    await graphRequest(
      ig.transport,
      { method: 'GET', url: node(ig, mediaId), query: { fields: 'permalink', access_token: token } },
      z.object({ permalink: z.url() }),
    )
  ).permalink;
}

/** How many posts the account published in the last 24 hours (rolling), of how many allowed. */
export async function getPublishingQuota(ig: InstagramApi, { token, igUserId }: Account) {
  const answer = await graphRequest(
    ig.transport,
    { method: 'GET', url: node(ig, `${igUserId}/content_publishing_limit`), query: { fields: 'quota_usage,config', access_token: token } },
    z.object({
      data: z
        .array(z.object({ quota_usage: graphCount, config: z.object({ quota_total: graphCount, quota_duration: graphCount }) }))
        .min(1),
    }),
  );
  const [limit] = answer.data;
  return { used: limit.quota_usage, total: limit.config.quota_total, windowSeconds: limit.config.quota_duration };
}

/** A media's likes and comments. */
export async function getMediaMetrics(ig: InstagramApi, token: string, mediaId: string) {
  const answer = await graphRequest(
    ig.transport,
    { method: 'GET', url: node(ig, mediaId), query: { fields: 'like_count,comments_count,permalink', access_token: token } },
    z.object({ like_count: graphCount, comments_count: graphCount, permalink: z.url().optional() }),
  );
  return { likes: answer.like_count, comments: answer.comments_count, permalink: answer.permalink };
}
