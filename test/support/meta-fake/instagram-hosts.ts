import type { Context } from 'hono';
import { crawl, storedWidth, type CrawlRecord } from './crawler';
import {
  CONTAINER_LIFE_MS,
  LONG_TOKEN_MS,
  SHORT_TOKEN_MS,
  graphTime,
  type Container,
  type FakeState,
  type TokenRecord,
} from './fake-state';
import { ERRORS, graphError, instagramOAuthError, rawJson, rawNumber, type FakeGraphError } from './graph-errors';
import { graphHost, paramsOf, unknownPath, type Steering } from './graph-host';
import type { FakeApp } from './login-pages';

export interface InstagramSettings extends FakeApp {
  /** How the code exchange answers: `{access_token, user_id, ...}` or `{data: [{...}]}`. */
  answerShape: 'flat' | 'wrapped';
  /** How long a container stays IN_PROGRESS after its media was fetched. */
  processingMs: number;
  quotaTotal: number;
}

const PUBLISH = 'instagram_business_content_publish';
const BASIC = 'instagram_business_basic';
const isError = (v: TokenRecord | FakeGraphError): v is FakeGraphError => 'code' in v;

/** api.instagram.com: the code exchange (a form POST), with that host's own error shape. */
export function instagramApiHost(state: FakeState, settings: InstagramSettings, steering: Steering) {
  const app = graphHost('instagram-api', steering, state.now);
  app.post('/oauth/access_token', async (c) => {
    const p = await paramsOf(c);
    if (p.client_id !== settings.appId) return instagramOAuthError(c, 'Invalid platform app');
    if (p.client_secret !== settings.appSecret) return instagramOAuthError(c, 'Error validating client secret.');
    if (p.grant_type !== 'authorization_code') return instagramOAuthError(c, 'Invalid grant_type');
    const code = state.codes.get(p.code ?? '');
    if (code && !code.used && code.redirectUri !== p.redirect_uri)
      return instagramOAuthError(c, 'Redirect URI does not match registered redirect URI');
    const taken = state.takeCode(p.code, 'instagram');
    if (!taken) return instagramOAuthError(c, 'Matching code was not found or was already used');
    const token = state.issueToken('ig-short', taken.owner, taken.scopes, SHORT_TOKEN_MS);
    const userId = rawNumber(taken.owner);
    return settings.answerShape === 'flat'
      ? rawJson(c, 200, { access_token: token.token, user_id: userId, permissions: taken.scopes })
      : rawJson(c, 200, { data: [{ access_token: token.token, user_id: userId, permissions: taken.scopes.join(',') }] });
  });
  app.all('*', (c) => instagramOAuthError(c, 'Invalid request'));
  return app;
}

/** graph.instagram.com: tokens, the account, containers, publishing, media, quota. */
export function instagramGraphHost(
  state: FakeState,
  settings: InstagramSettings,
  steering: Steering,
  version: string,
  crawls: CrawlRecord[],
) {
  const app = graphHost('instagram-graph', steering, state.now);
  const user = (p: Record<string, string>, scope: string): TokenRecord | FakeGraphError => {
    const token = state.checkToken(p.access_token, ['ig-short', 'ig-long']);
    if (!isError(token) && !token.scopes.includes(scope)) return ERRORS.noPermission;
    return token;
  };
  /** The caller's own account, or why not (another account's id is an object it cannot see). */
  const owner = (c: Context, p: Record<string, string>, scope: string): TokenRecord | FakeGraphError => {
    const token = user(p, scope);
    if (isError(token)) return token;
    return token.owner === c.req.param('igId') ? token : ERRORS.notFound;
  };

  app.get('/access_token', async (c) => {
    const p = await paramsOf(c);
    if (p.grant_type !== 'ig_exchange_token') return graphError(c, ERRORS.invalidParameter('grant_type must be ig_exchange_token'));
    if (p.client_secret !== settings.appSecret)
      return graphError(c, { status: 400, code: 101, message: 'Error validating client secret.' });
    const token = state.checkToken(p.access_token, ['ig-short']);
    if (isError(token)) return graphError(c, token);
    const long = state.issueToken('ig-long', token.owner, token.scopes, LONG_TOKEN_MS);
    return rawJson(c, 200, { access_token: long.token, token_type: 'bearer', expires_in: LONG_TOKEN_MS / 1000 });
  });

  app.get('/refresh_access_token', async (c) => {
    const p = await paramsOf(c);
    if (p.grant_type !== 'ig_refresh_token') return graphError(c, ERRORS.invalidParameter('grant_type must be ig_refresh_token'));
    const token = state.checkToken(p.access_token, ['ig-long']);
    if (isError(token)) return graphError(c, token);
    if (state.now() - token.issuedAt < 24 * 3600_000) {
      return graphError(c, ERRORS.invalidParameter('The access token must be at least 24 hours old to be refreshed'));
    }
    const fresh = state.issueToken('ig-long', token.owner, token.scopes, LONG_TOKEN_MS);
    return rawJson(c, 200, { access_token: fresh.token, token_type: 'bearer', expires_in: LONG_TOKEN_MS / 1000 });
  });

  app.get(`/${version}/me`, async (c) => {
    const token = user(await paramsOf(c), BASIC);
    if (isError(token)) return graphError(c, token);
    const account = state.igAccounts.get(token.owner)!;
    const all = { id: account.appScopedId, user_id: rawNumber(account.userId), username: account.username };
    return rawJson(c, 200, pick(all, c.req.query('fields') ?? 'id'));
  });

  app.post(`/${version}/:igId/media`, async (c) => {
    const p = await paramsOf(c);
    const token = owner(c, p, PUBLISH);
    if (isError(token)) return graphError(c, token);
    const made = makeContainer(state, settings, token.owner, p);
    if ('code' in made) return graphError(c, made);
    state.containers.set(made.id, made);
    const url = made.imageUrl ?? made.videoUrl;
    if (url) {
      void crawl(url, made.videoUrl ? 'instagram-video' : 'instagram-image', crawls).then((result) => {
        made.fetch = result.ok ? 'done' : result.failure;
        if (result.ok && made.imageUrl) made.storedWidth = storedWidth(result.width);
        made.readyAt = state.now() + settings.processingMs;
      });
    }
    return rawJson(c, 200, { id: made.id });
  });

  app.post(`/${version}/:igId/media_publish`, async (c) => {
    const p = await paramsOf(c);
    const token = owner(c, p, PUBLISH);
    if (isError(token)) return graphError(c, token);
    const container = state.containers.get(p.creation_id ?? '');
    if (!container || container.igUserId !== token.owner || container.kind === 'CAROUSEL_ITEM') return graphError(c, ERRORS.containerGone);
    const status = state.containerStatus(container);
    if (status.code === 'IN_PROGRESS') return graphError(c, ERRORS.mediaNotReady);
    if (status.code !== 'FINISHED') return graphError(c, ERRORS.containerGone);
    if (state.quotaUsage(token.owner) >= settings.quotaTotal) return graphError(c, ERRORS.publishLimit);
    const id = state.nextId('1792023842');
    container.mediaId = id;
    state.recordPublish(token.owner);
    state.igMedia.set(id, {
      id,
      igUserId: token.owner,
      containerId: container.id,
      caption: container.caption ?? '',
      mediaType: container.kind === 'CAROUSEL' ? 'CAROUSEL_ALBUM' : container.kind === 'REELS' ? 'VIDEO' : 'IMAGE',
      permalink: `https://www.instagram.com/p/${Buffer.from(id).toString('base64url').slice(0, 11)}/`,
      timestamp: state.now(),
      likes: 0,
      comments: 0,
    });
    return rawJson(c, 200, { id });
  });

  app.get(`/${version}/:igId/media`, async (c) => {
    const p = await paramsOf(c);
    const token = owner(c, p, BASIC);
    if (isError(token)) return graphError(c, token);
    const limit = Math.min(Number(p.limit ?? 25) || 25, 100);
    const all = [...state.igMedia.values()].filter((m) => m.igUserId === token.owner).sort((a, b) => b.timestamp - a.timestamp);
    const start = p.after ? Number(Buffer.from(p.after, 'base64url').toString()) : 0;
    const page = all.slice(start, start + limit);
    const cursor = (n: number) => Buffer.from(String(n)).toString('base64url');
    return rawJson(c, 200, {
      data: page.map((m) => pick(mediaFields(m), p.fields ?? 'id')),
      paging: { cursors: { before: cursor(start), after: cursor(start + page.length) } },
    });
  });

  app.get(`/${version}/:igId/content_publishing_limit`, async (c) => {
    const p = await paramsOf(c);
    const token = owner(c, p, BASIC);
    if (isError(token)) return graphError(c, token);
    const all = { quota_usage: state.quotaUsage(token.owner), config: { quota_total: settings.quotaTotal, quota_duration: 86400 } };
    return rawJson(c, 200, { data: [pick(all, p.fields ?? 'quota_usage')] });
  });

  app.get(`/${version}/:id`, async (c) => {
    const p = await paramsOf(c);
    const token = user(p, BASIC);
    if (isError(token)) return graphError(c, token);
    const id = c.req.param('id');
    const container = state.containers.get(id);
    if (container && container.igUserId === token.owner) {
      const s = state.containerStatus(container);
      const status = s.failure
        ? String(s.failure.subcode)
        : { IN_PROGRESS: 'In Progress', FINISHED: 'Finished', PUBLISHED: 'Published', EXPIRED: 'Expired' }[s.code as 'FINISHED'];
      return rawJson(c, 200, pick({ id, status_code: s.code, status }, p.fields ?? 'id'));
    }
    const media = state.igMedia.get(id);
    if (media && media.igUserId === token.owner) return rawJson(c, 200, pick(mediaFields(media), p.fields ?? 'id'));
    return graphError(c, ERRORS.notFound);
  });
  app.all('*', unknownPath);
  return app;
}

function mediaFields(m: {
  id: string;
  caption: string;
  mediaType: string;
  permalink: string;
  timestamp: number;
  likes: number;
  comments: number;
}) {
  return {
    id: m.id,
    caption: m.caption,
    media_type: m.mediaType,
    permalink: m.permalink,
    timestamp: graphTime(m.timestamp),
    like_count: m.likes,
    comments_count: m.comments,
  };
}

/** The requested fields of an object (and always its id, as Graph answers). */
export function pick(all: Record<string, unknown>, fields: string) {
  const wanted = fields.split(',').map((f) => f.trim());
  return Object.fromEntries(Object.entries(all).filter(([k]) => k === 'id' || wanted.includes(k)));
}

/** The container a POST /<IG_ID>/media asks for, or the error Instagram answers for parameters that do not fit. */
function makeContainer(
  state: FakeState,
  settings: InstagramSettings,
  igUserId: string,
  p: Record<string, string>,
): Container | FakeGraphError {
  const base = { id: state.nextId('1788945556'), igUserId, createdAt: state.now(), readyAt: state.now() + settings.processingMs };
  const caption = p.caption;
  if (caption !== undefined && caption.length > 2200) return ERRORS.invalidParameter('The caption must be at most 2200 characters');
  const type = p.media_type ?? 'IMAGE';
  if (type === 'CAROUSEL') {
    if (p.alt_text) return ERRORS.invalidParameter('alt_text is only supported for images');
    const children = (p.children ?? '').split(',').filter(Boolean);
    if (children.length < 2 || children.length > 10) return ERRORS.invalidParameter('A carousel must have 2 to 10 children');
    for (const id of children) {
      const child = state.containers.get(id);
      if (!child || child.igUserId !== igUserId || child.kind !== 'CAROUSEL_ITEM' || state.now() >= child.createdAt + CONTAINER_LIFE_MS) {
        return ERRORS.invalidParameter(`Invalid carousel child ${id}`);
      }
    }
    return { ...base, kind: 'CAROUSEL', children, caption, fetch: 'done' };
  }
  if (type === 'REELS') {
    if (p.alt_text) return ERRORS.invalidParameter('alt_text is only supported for images');
    if (!p.video_url) return ERRORS.invalidParameter('The parameter video_url is required');
    return { ...base, kind: 'REELS', videoUrl: p.video_url, caption, fetch: 'pending' };
  }
  if (type !== 'IMAGE') return ERRORS.invalidParameter(`media_type ${type} is not supported`);
  if (!p.image_url) return ERRORS.invalidParameter('The parameter image_url is required');
  const item = p.is_carousel_item === 'true';
  return {
    ...base,
    kind: item ? 'CAROUSEL_ITEM' : 'IMAGE',
    imageUrl: p.image_url,
    caption: item ? undefined : caption,
    altText: p.alt_text,
    fetch: 'pending',
  };
}
