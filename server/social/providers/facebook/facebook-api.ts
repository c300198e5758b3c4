import { z } from 'zod';
import { getToken, graphRequest, graphUrl, loginPageUrl, type GraphTransport } from '../meta/graph-client';
import { graphCount, graphId, graphTime } from '../meta/graph-json';

/** The Facebook app (Facebook Login for Business) and its hosts; config.social.meta.facebook. */
export interface FacebookApp {
  appId: string;
  appSecret: string;
  authorizeUrl: string;
  graphUrl: string;
  graphVersion: string;
  /**
   * A Facebook Login for Business configuration (made in the app's settings, naming the permissions): the dialog is
   * asked for it instead of a scope. Null: the scope is asked for.
   */
  configId: string | null;
}

export interface FacebookApi {
  app: FacebookApp;
  transport: GraphTransport;
}

export const FACEBOOK_SCOPES = ['pages_show_list', 'pages_manage_posts', 'pages_read_engagement'] as const;

export interface FacebookPage {
  id: string;
  name: string;
  /** The Page's own token: posts are made as the Page with it. */
  accessToken: string;
  tasks: string[];
}

export interface PagePost {
  id: string;
  message: string;
  createdTime: Date;
  permalink?: string;
}

type Page = { pageToken: string; pageId: string };

const node = (fb: FacebookApi, path: string) => graphUrl(fb.app.graphUrl, fb.app.graphVersion, path);

/** Where the browser goes to connect a Page: Facebook's login dialog. */
export function facebookAuthorizeUrl(app: FacebookApp, { redirectUri, state }: { redirectUri: string; state: string }) {
  return loginPageUrl(app.authorizeUrl, {
    clientId: app.appId,
    redirectUri,
    ...(app.configId ? { configId: app.configId } : { scopes: FACEBOOK_SCOPES }),
    state,
  });
}

/** A user token for the code the dialog's redirect carried (the same redirect URI, exactly). */
export function exchangeFacebookCode(fb: FacebookApi, { code, redirectUri }: { code: string; redirectUri: string }) {
  return getToken(fb.transport, node(fb, 'oauth/access_token'), {
    client_id: fb.app.appId,
    client_secret: fb.app.appSecret,
    redirect_uri: redirectUri,
    code: code.replace(/#_=_$/, ''),
  });
}

/** A long-lived (about 60 days) user token for a short-lived one: Page tokens made from it do not expire. */
export function exchangeFacebookToken(fb: FacebookApi, userToken: string) {
  return getToken(fb.transport, node(fb, 'oauth/access_token'), {
    grant_type: 'fb_exchange_token',
    client_id: fb.app.appId,
    client_secret: fb.app.appSecret,
    fb_exchange_token: userToken,
  });
}

/** The Pages the person can act for, each with its own token (the first 100: an artist has one or a few). */
export async function listFacebookPages(fb: FacebookApi, userToken: string): Promise<FacebookPage[]> {
  const answer = await graphRequest(
    fb.transport,
    { method: 'GET', url: node(fb, 'me/accounts'), query: { fields: 'id,name,access_token,tasks', limit: 100, access_token: userToken } },
    z.object({
      data: z.array(z.object({ id: graphId, name: z.string(), access_token: z.string().min(1), tasks: z.array(z.string()).optional() })),
    }),
  );
  return answer.data.map((p) => ({ id: p.id, name: p.name, accessToken: p.access_token, tasks: p.tasks ?? [] }));
}

/** One photo from an address Facebook fetches, posted with its caption: the photo's id and the post's. */
export async function publishPagePhoto(fb: FacebookApi, { pageToken, pageId }: Page, { url, caption }: { url: string; caption?: string }) {
  const answer = await graphRequest(
    fb.transport,
    { method: 'POST', url: node(fb, `${pageId}/photos`), form: { url, caption, access_token: pageToken } },
    z.object({ id: graphId, post_id: graphId }),
  );
  return { photoId: answer.id, postId: answer.post_id };
}

/** A photo uploaded without a post of its own, to be attached to one feed post with others. */
export async function uploadUnpublishedPhoto(fb: FacebookApi, { pageToken, pageId }: Page, { url }: { url: string }) {
  return (
    await graphRequest(
      fb.transport,
      { method: 'POST', url: node(fb, `${pageId}/photos`), form: { url, published: 'false', access_token: pageToken } },
      z.object({ id: graphId }),
    )
  ).id;
}

/** A feed post: text, a link (Facebook makes its card), or unpublished photos attached. Answers the post's id. */
export async function publishPagePost(
  fb: FacebookApi,
  { pageToken, pageId }: Page,
  { message, link, photoIds = [] }: { message?: string; link?: string; photoIds?: string[] },
) {
  const attached = Object.fromEntries(photoIds.map((id, i) => [`attached_media[${i}]`, JSON.stringify({ media_fbid: id })]));
  return (
    await graphRequest(
      fb.transport,
      { method: 'POST', url: node(fb, `${pageId}/feed`), form: { message, link, ...attached, access_token: pageToken } },
      z.object({ id: graphId }),
    )
  ).id;
}

/** The Page's latest posts, newest first (to find a post whose answer was lost before trying again). */
export async function listRecentPagePosts(fb: FacebookApi, { pageToken, pageId }: Page, limit = 25): Promise<PagePost[]> {
  const answer = await graphRequest(
    fb.transport,
    {
      method: 'GET',
      url: node(fb, `${pageId}/posts`),
      query: { fields: 'id,message,created_time,permalink_url', limit, access_token: pageToken },
    },
    z.object({
      data: z.array(z.object({ id: graphId, message: z.string().optional(), created_time: graphTime, permalink_url: z.url().optional() })),
    }),
  );
  return answer.data.map((p) => ({ id: p.id, message: p.message ?? '', createdTime: p.created_time, permalink: p.permalink_url }));
}

/** A Page post's reactions and comments, and its address. */
export async function getPagePostMetrics(fb: FacebookApi, pageToken: string, postId: string) {
  const summary = z.object({ summary: z.object({ total_count: graphCount }) });
  const answer = await graphRequest(
    fb.transport,
    {
      method: 'GET',
      url: node(fb, postId),
      query: { fields: 'permalink_url,reactions.summary(total_count).limit(0),comments.summary(true).limit(0)', access_token: pageToken },
    },
    z.object({ permalink_url: z.url().optional(), reactions: summary, comments: summary }),
  );
  return {
    reactions: answer.reactions.summary.total_count,
    comments: answer.comments.summary.total_count,
    permalink: answer.permalink_url,
  };
}

/** The permissions the person granted (User permissions: `{data: [{permission, status}]}`), to say which are missing. */
export async function grantedFacebookPermissions(fb: FacebookApi, userToken: string): Promise<string[]> {
  const answer = await graphRequest(
    fb.transport,
    { method: 'GET', url: node(fb, 'me/permissions'), query: { access_token: userToken } },
    z.object({ data: z.array(z.object({ permission: z.string(), status: z.string() })) }),
  );
  return answer.data.filter((p) => p.status === 'granted').map((p) => p.permission);
}

/** A Page post's address (a post Facebook gives no permalink for is reached by its id). */
export async function getPagePostPermalink(fb: FacebookApi, pageToken: string, postId: string) {
  const answer = await graphRequest(
    fb.transport,
    { method: 'GET', url: node(fb, postId), query: { fields: 'permalink_url', access_token: pageToken } },
    z.object({ permalink_url: z.url().optional() }),
  );
  return answer.permalink_url ?? `https://www.facebook.com/${postId}`;
}
