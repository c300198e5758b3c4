import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import type { CrawlRecord } from './crawler';
import { facebookGraphHost } from './facebook-graph';
import { FakeState } from './fake-state';
import { ERRORS, type FakeGraphError } from './graph-errors';
import type { RequestMatch, Steering } from './graph-host';
import { instagramApiHost, instagramGraphHost, type InstagramSettings } from './instagram-hosts';
import { FACEBOOK_SCOPES, INSTAGRAM_SCOPES, loginHost, type FakeApp } from './login-pages';

export { ERRORS, MEDIA_FAILURES } from './graph-errors';
export type { FakeGraphError } from './graph-errors';

/** The first Instagram professional account, its id above 2^53 as Meta's are. */
export const INSTAGRAM_USER_ID = '17841405793187218';

export interface MetaFakeOptions {
  graphVersion?: string;
  /** The studio's redirect URIs as registered in each app's dashboard (can be added to later). */
  instagramRedirectUris?: string[];
  facebookRedirectUris?: string[];
}

async function listen(app: { fetch: Parameters<typeof serve>[0]['fetch'] }) {
  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/**
 * Meta's endpoints on loopback, one server per host (Instagram's login, API and Graph hosts, Facebook's login and
 * Graph hosts), written from Meta's reference pages (docs/decisions.md, "Instagram and Facebook: the contract we built
 * against"). Answers `urls` and `env` (the studio's settings pointing at it) and a handle to inspect and steer it.
 */
export async function startMetaFake(options: MetaFakeOptions = {}) {
  const state = new FakeState();
  const version = options.graphVersion ?? 'v24.0';
  const steering: Steering = { calls: [], failures: [], lost: [] };
  const crawls: CrawlRecord[] = [];
  const instagram: InstagramSettings = {
    appId: '990602627938098',
    appSecret: 'fake-instagram-app-secret',
    redirectUris: [...(options.instagramRedirectUris ?? [])],
    decline: [],
    answerShape: 'wrapped',
    processingMs: 0,
    quotaTotal: 50,
  };
  const facebook: FakeApp = {
    appId: '1234567890123456',
    appSecret: 'fake-facebook-app-secret',
    redirectUris: [...(options.facebookRedirectUris ?? [])],
    decline: [],
  };

  state.igAccounts.set(INSTAGRAM_USER_ID, { userId: INSTAGRAM_USER_ID, appScopedId: '7401234567890123', username: 'ada.paints' });
  state.pages.set('102938475610293', {
    id: '102938475610293',
    name: 'Ada Paints',
    category: 'Artist',
    tasks: ['ANALYZE', 'ADVERTISE', 'MODERATE', 'CREATE_CONTENT', 'MANAGE'],
  });
  state.fbUsers.set('10160000000000001', { id: '10160000000000001', name: 'Ada Lovelace', pageIds: ['102938475610293'] });

  const first = <T>(map: Map<string, T>) => map.keys().next().value as string | undefined;
  const hosts = await Promise.all([
    listen(
      loginHost(
        state,
        {
          network: 'Instagram',
          app: instagram,
          known: INSTAGRAM_SCOPES,
          required: ['instagram_business_basic'],
          fragment: '#_',
          who: () => {
            const a = state.igAccounts.get(instagram.loginAs ?? first(state.igAccounts) ?? '');
            return a && { id: a.userId, name: a.username };
          },
        },
        ['/oauth/authorize'],
      ),
    ),
    listen(instagramApiHost(state, instagram, steering)),
    listen(instagramGraphHost(state, instagram, steering, version, crawls)),
    listen(
      loginHost(
        state,
        {
          network: 'Facebook',
          app: facebook,
          known: FACEBOOK_SCOPES,
          required: [],
          fragment: '',
          who: () => {
            const u = state.fbUsers.get(facebook.loginAs ?? first(state.fbUsers) ?? '');
            return u && { id: u.id, name: u.name };
          },
        },
        ['/dialog/oauth', `/${version}/dialog/oauth`],
      ),
    ),
    listen(facebookGraphHost(state, facebook, steering, version, crawls)),
  ]);
  const [igLogin, igApi, igGraph, fbLogin, fbGraph] = hosts.map((h) => h.url);
  const urls = {
    instagramAuthorize: `${igLogin}/oauth/authorize`,
    instagramApi: igApi,
    instagramGraph: igGraph,
    facebookAuthorize: `${fbLogin}/${version}/dialog/oauth`,
    facebookGraph: fbGraph,
  };

  return {
    urls,
    graphVersion: version,
    /** The studio's settings pointing at the fake. */
    env: {
      INSTAGRAM_APP_ID: instagram.appId,
      INSTAGRAM_APP_SECRET: instagram.appSecret,
      INSTAGRAM_AUTHORIZE_URL: urls.instagramAuthorize,
      INSTAGRAM_API_URL: urls.instagramApi,
      INSTAGRAM_GRAPH_URL: urls.instagramGraph,
      FACEBOOK_APP_ID: facebook.appId,
      FACEBOOK_APP_SECRET: facebook.appSecret,
      FACEBOOK_AUTHORIZE_URL: urls.facebookAuthorize,
      FACEBOOK_GRAPH_URL: urls.facebookGraph,
      META_GRAPH_VERSION: version,
    },
    /** Settings of each app (redirect URIs, who signs in, declined permissions, the code answer's shape, ...): change freely. */
    instagram,
    facebook,
    /** Everything the fake holds: tokens, codes, accounts, containers, media, Pages, photos, posts. */
    state,
    /** Every request each host received, and every fetch of the crawler (robots.txt's verdict, status, failure). */
    calls: steering.calls,
    crawls,
    clock: {
      now: () => state.now(),
      /** Moves the fake's clock on (tokens age, containers expire, the quota's 24 hours pass). */
      advance: (ms: number) => void (state.offsetMs += ms),
    },
    /** Answers the next matching requests with a Graph error (ERRORS has the ones Meta's pages name). */
    failNext(match: RequestMatch, error: FakeGraphError, times = 1) {
      steering.failures.push({ ...match, error, times });
    },
    /** Handles the next matching requests and closes the connection instead of answering (a lost answer). */
    loseAnswer(match: RequestMatch, times = 1) {
      steering.lost.push({ ...match, times });
    },
    /** Every token of this account or person fails from now on (a revoked grant: 190/458 unless another error is given). */
    revoke(owner: string, error: FakeGraphError = ERRORS.appRemoved) {
      state.revoked.set(owner, error);
    },
    /** Tokens work again (the artist reconnected). */
    restore(owner: string) {
      state.revoked.delete(owner);
    },
    /** Sets what a media or Page post counts. */
    setCounts(id: string, likesOrReactions: number, comments: number) {
      const media = state.igMedia.get(id);
      if (media) Object.assign(media, { likes: likesOrReactions, comments });
      const post = state.posts.get(id);
      if (post) Object.assign(post, { reactions: likesOrReactions, comments });
      if (!media && !post) throw new Error(`no media or post ${id}`);
    },
    /** Publishes already made in the last 24 hours (for the quota). */
    usedQuota(igUserId: string, count: number) {
      state.publishTimes.set(igUserId, [...(state.publishTimes.get(igUserId) ?? []), ...Array(count).fill(state.now())]);
    },
    close: () => Promise.all(hosts.map((h) => new Promise<void>((resolve) => h.server.close(() => resolve())))).then(() => undefined),
  };
}

export type MetaFake = Awaited<ReturnType<typeof startMetaFake>>;
