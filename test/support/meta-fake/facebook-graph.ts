import type { Context } from 'hono';
import { crawl, type CrawlRecord } from './crawler';
import { LONG_TOKEN_MS, SHORT_TOKEN_MS, graphTime, type FacebookPost, type FakeState, type TokenRecord } from './fake-state';
import { ERRORS, graphError, rawJson, type FakeGraphError } from './graph-errors';
import { graphHost, paramsOf, unknownPath, type Steering } from './graph-host';
import { pick } from './instagram-hosts';
import type { FakeApp } from './login-pages';
import sharp from 'sharp';

const isError = (v: TokenRecord | FakeGraphError): v is FakeGraphError => 'code' in v;
const codeError = (message: string): FakeGraphError => ({ status: 400, code: 100, message });

/** graph.facebook.com: the code and token exchanges, the Pages, Page photos and posts, and their counts. */
export function facebookGraphHost(state: FakeState, settings: FakeApp, steering: Steering, version: string, crawls: CrawlRecord[]) {
  const app = graphHost('facebook-graph', steering, state.now);
  /** A Page token for this Page, with the permission asked for. */
  const pageToken = (c: Context, p: Record<string, string>, scope: string) => {
    const token = state.checkToken(p.access_token, ['fb-page', 'fb-user-short', 'fb-user-long']);
    if (isError(token)) return token;
    if (token.kind !== 'fb-page' || token.pageId !== c.req.param('pageId')) {
      return { ...ERRORS.pagePermission, message: "(#200) Publishing and reading as a Page needs that Page's access token" };
    }
    if (!token.scopes.includes(scope)) return scope === 'pages_manage_posts' ? ERRORS.pagePermission : ERRORS.noPermission;
    return token;
  };

  app.get(`/${version}/oauth/access_token`, async (c) => {
    const p = await paramsOf(c);
    if (p.client_id !== settings.appId)
      return graphError(c, { status: 400, code: 101, message: 'Error validating application. Invalid application ID.' });
    if (p.client_secret !== settings.appSecret) return graphError(c, { status: 400, code: 1, message: 'Error validating client secret.' });
    if (p.grant_type === 'fb_exchange_token') {
      const token = state.checkToken(p.fb_exchange_token, ['fb-user-short', 'fb-user-long']);
      if (isError(token)) return graphError(c, token);
      const long = state.issueToken('fb-user-long', token.owner, token.scopes, LONG_TOKEN_MS);
      return rawJson(c, 200, { access_token: long.token, token_type: 'bearer', expires_in: LONG_TOKEN_MS / 1000 });
    }
    const pending = state.codes.get(p.code ?? '');
    if (pending && !pending.used && pending.redirectUri !== p.redirect_uri) {
      return graphError(c, {
        ...codeError(
          'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request',
        ),
        subcode: 36008,
      });
    }
    const taken = state.takeCode(p.code, 'facebook');
    if (!taken) return graphError(c, codeError('This authorization code has expired or has been used.'));
    const token = state.issueToken('fb-user-short', taken.owner, taken.scopes, SHORT_TOKEN_MS * 2);
    return rawJson(c, 200, { access_token: token.token, token_type: 'bearer', expires_in: (SHORT_TOKEN_MS * 2) / 1000 });
  });

  app.get(`/${version}/me/accounts`, async (c) => {
    const p = await paramsOf(c);
    const token = state.checkToken(p.access_token, ['fb-user-short', 'fb-user-long']);
    if (isError(token)) return graphError(c, token);
    if (!token.scopes.includes('pages_show_list')) return graphError(c, ERRORS.noPermission);
    const pages = state.fbUsers.get(token.owner)!.pageIds.map((id) => state.pages.get(id)!);
    // A Page token from a long-lived user token does not expire; from a short-lived one it lives as long.
    const life = token.kind === 'fb-user-long' ? null : token.expiresAt! - state.now();
    return rawJson(c, 200, {
      data: pages.map((page) => ({
        access_token: state.issueToken('fb-page', token.owner, token.scopes, life, page.id).token,
        category: page.category,
        category_list: [{ id: '2256', name: page.category }],
        name: page.name,
        id: page.id,
        tasks: page.tasks,
      })),
      paging: { cursors: { before: 'QVFIUmFk', after: 'QVFIUmFk' } },
    });
  });

  app.get(`/${version}/me`, async (c) => {
    const token = state.checkToken((await paramsOf(c)).access_token, ['fb-user-short', 'fb-user-long']);
    if (isError(token)) return graphError(c, token);
    const person = state.fbUsers.get(token.owner)!;
    return rawJson(c, 200, pick({ id: person.id, name: person.name }, c.req.query('fields') ?? 'id,name'));
  });

  app.post(`/${version}/:pageId/photos`, async (c) => {
    const p = await paramsOf(c);
    const token = pageToken(c, p, 'pages_manage_posts');
    if (isError(token)) return graphError(c, token);
    const pageId = c.req.param('pageId');
    let size: { width: number; height: number };
    if (p.url) {
      const fetched = await crawl(p.url, 'facebook-photo', crawls);
      if (!fetched.ok) return graphError(c, codeError(`Could not fetch the image at url: ${fetched.failure.message}`));
      size = fetched;
    } else {
      const source = (await c.req.parseBody())['source'];
      if (!(source instanceof File)) return graphError(c, codeError('Either url or source is required'));
      const meta = await sharp(Buffer.from(await source.arrayBuffer()))
        .metadata()
        .catch(() => null);
      if (!meta) return graphError(c, { status: 400, code: 324, message: '(#324) Missing or invalid image file' });
      size = { width: meta.width ?? 0, height: meta.height ?? 0 };
    }
    const published = p.published !== 'false';
    const id = state.nextId('1029384756');
    state.photos.set(id, { id, pageId, url: p.url, uploaded: !p.url, caption: p.caption ?? p.message, published, ...size });
    if (!published) return rawJson(c, 200, { id });
    const post = addPost(state, pageId, { message: p.caption ?? p.message, attachedMedia: [id] });
    return rawJson(c, 200, { id, post_id: post.id });
  });

  app.post(`/${version}/:pageId/feed`, async (c) => {
    const p = await paramsOf(c);
    const token = pageToken(c, p, 'pages_manage_posts');
    if (isError(token)) return graphError(c, token);
    const pageId = c.req.param('pageId');
    const attached: string[] = [];
    for (let i = 0; p[`attached_media[${i}]`] !== undefined; i++) {
      let fbid: unknown;
      try {
        fbid = (JSON.parse(p[`attached_media[${i}]`]) as { media_fbid?: unknown }).media_fbid;
      } catch {
        return graphError(c, codeError(`attached_media[${i}] must be {"media_fbid":"<id>"}`));
      }
      const photo = state.photos.get(String(fbid));
      if (!photo || photo.pageId !== pageId || photo.published || photo.attachedTo) {
        return graphError(c, codeError(`attached_media[${i}]: ${String(fbid)} is not an unpublished photo of this Page`));
      }
      attached.push(photo.id);
    }
    if (!p.message && !p.link && !attached.length) return graphError(c, codeError('A post needs a message, a link or attached media'));
    if (p.link && !/^https?:\/\//.test(p.link)) return graphError(c, { status: 400, code: 1609005, message: 'Error posting link' });
    const post = addPost(state, pageId, { message: p.message, link: p.link, attachedMedia: attached });
    for (const id of attached) state.photos.get(id)!.attachedTo = post.id;
    return rawJson(c, 200, { id: post.id });
  });

  for (const edge of ['feed', 'posts']) {
    app.get(`/${version}/:pageId/${edge}`, async (c) => {
      const p = await paramsOf(c);
      const token = pageToken(c, p, 'pages_read_engagement');
      if (isError(token)) return graphError(c, token);
      const limit = Math.min(Number(p.limit ?? 25) || 25, 100);
      const posts = [...state.posts.values()].filter((x) => x.pageId === c.req.param('pageId')).sort((a, b) => b.createdAt - a.createdAt);
      return rawJson(c, 200, { data: posts.slice(0, limit).map((x) => postFields(x, p.fields ?? 'id,message,created_time')) });
    });
  }

  app.get(`/${version}/:id`, async (c) => {
    const p = await paramsOf(c);
    const token = state.checkToken(p.access_token, ['fb-page']);
    if (isError(token)) return graphError(c, token);
    const post = state.posts.get(c.req.param('id'));
    if (post && post.pageId === token.pageId) {
      if (!token.scopes.includes('pages_read_engagement')) return graphError(c, ERRORS.noPermission);
      return rawJson(c, 200, postFields(post, p.fields ?? 'id,message,created_time'));
    }
    const photo = state.photos.get(c.req.param('id'));
    if (photo && photo.pageId === token.pageId) return rawJson(c, 200, { id: photo.id, width: photo.width, height: photo.height });
    return graphError(c, ERRORS.notFound);
  });
  app.all('*', unknownPath);
  return app;
}

function addPost(state: FakeState, pageId: string, fields: Pick<FacebookPost, 'message' | 'link' | 'attachedMedia'>) {
  const n = state.nextId('9');
  const post: FacebookPost = {
    ...fields,
    id: `${pageId}_${n}`,
    pageId,
    createdAt: state.now(),
    permalink: `https://www.facebook.com/${pageId}/posts/${n}`,
    reactions: 0,
    comments: 0,
  };
  state.posts.set(post.id, post);
  return post;
}

/** A post's fields; `reactions.summary(...)` and `comments.summary(...)` answer as Graph summaries. */
function postFields(post: FacebookPost, fields: string) {
  const wanted = fields.split(/,(?![^(]*\))/).map((f) => f.trim());
  const out: Record<string, unknown> = { id: post.id };
  for (const f of wanted) {
    if (f === 'message' && post.message !== undefined) out.message = post.message;
    if (f === 'created_time') out.created_time = graphTime(post.createdAt);
    if (f === 'permalink_url') out.permalink_url = post.permalink;
    if (f.startsWith('reactions')) out.reactions = { data: [], summary: { total_count: post.reactions, viewer_reaction: 'NONE' } };
    if (f.startsWith('comments')) out.comments = { data: [], summary: { order: 'ranked', total_count: post.comments, can_comment: true } };
  }
  return out;
}
