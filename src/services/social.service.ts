import { oauthStartedSchema, type OAuthStart, type OAuthStarted } from '../schemas/bluesky-oauth.schema';
import type { Http } from './http';
import * as z from 'zod/mini';
import {
  postMediaSchema,
  savePostResultSchema,
  socialAccountSchema,
  socialPostSchema,
  type AccountRef,
  type ConnectAccount,
  type PostMedia,
  type SavePost,
  type SocialAccount,
  type SocialPost,
} from '../schemas/social.schema';
import { linkCardSchema, type LinkCard } from '../schemas/link-card.schema';
import { call } from './api-error';
import type { QueryCache } from './query-cache';
import { uploadFile, type Progress } from './upload.service';

/** Which posts a calendar view asks for: a range of calendar dates (epoch ms, `to` excluded), drafts or published. */
export interface PostRange {
  from?: number;
  to?: number;
  drafts?: boolean;
  /** Only published posts of the last 30 days with a failed delivery. */
  failed?: boolean;
}

const accountsSchema = z.array(socialAccountSchema);
const postsSchema = z.array(socialPostSchema);

/**
 * Social-media accounts and posts. Reads use the default freshness (requirements §7); every change invalidates what it
 * affects. `fresh: true` asks the server again whatever the cache holds: posts change on the server too (a scheduled
 * draft is published, a delivery is posted), so a screen waiting for that polls with it.
 */
export function createSocialService(http: Http, cache: QueryCache) {
  const postsChanged = (postId?: string) => {
    cache.invalidate(['social', 'posts']);
    if (postId) cache.invalidate(['social', 'post', postId]);
  };

  return {
    listAccounts: (): Promise<SocialAccount[]> =>
      call(() => cache.fetch(['social', 'accounts'], async () => accountsSchema.parse((await http.get('/social-media/accounts')).data))),

    connect: (input: ConnectAccount): Promise<SocialAccount> =>
      call(async () => {
        const account = socialAccountSchema.parse((await http.post('/social-media/accounts', input)).data);
        cache.invalidate(['social', 'accounts']);
        return account;
      }),

    /** Where to send the browser to connect a Bluesky account with OAuth; the accounts change once it is back. */
    startOAuth: (input: OAuthStart): Promise<OAuthStarted> =>
      call(async () => {
        const started = oauthStartedSchema.parse((await http.post('/social/oauth/start', input)).data);
        cache.invalidate(['social', 'accounts']);
        return started;
      }),

    disconnect: (account: AccountRef): Promise<void> =>
      call(async () => {
        await http.delete('/social-media/accounts', { data: account });
        cache.invalidate(['social', 'accounts']);
      }),

    listPosts: (range: PostRange = {}, options: { fresh?: boolean } = {}): Promise<SocialPost[]> =>
      call(() =>
        cache.fetch(
          ['social', 'posts', range],
          async () => {
            const params = {
              from: range.from,
              to: range.to,
              drafts: range.drafts === undefined ? undefined : String(range.drafts),
              failed: range.failed ? 'true' : undefined,
            };
            return postsSchema.parse((await http.get('/social-media/post', { params })).data);
          },
          options.fresh ? 0 : undefined,
        ),
      ),

    getPost: (postId: string, options: { fresh?: boolean } = {}): Promise<SocialPost> =>
      call(() =>
        cache.fetch(
          ['social', 'post', postId],
          async () => socialPostSchema.parse((await http.get(`/social-media/post/${postId}`)).data),
          options.fresh ? 0 : undefined,
        ),
      ),

    /** Creates a draft (no postId) or updates one; answers the saved post. */
    savePost: (input: SavePost): Promise<SocialPost> =>
      call(async () => {
        const { post } = savePostResultSchema.parse((await http.post('/social-media/post', input)).data);
        postsChanged(post.postId);
        cache.set(['social', 'post', post.postId], post);
        return post;
      }),

    /** Publishes a draft now (or retries the failed deliveries of a published post); answers it with its responses. */
    publish: (postId: string): Promise<SocialPost> =>
      call(async () => {
        const post = socialPostSchema.parse((await http.post(`/social-media/post/${postId}/publish`, { postId })).data);
        postsChanged(postId);
        cache.set(['social', 'post', postId], post);
        return post;
      }),

    /** The card of a link the artist typed (the server reads the page); the same link is asked for once a while. */
    linkPreview: (url: string): Promise<LinkCard> =>
      call(() =>
        cache.fetch(['social', 'link-preview', url], async () =>
          linkCardSchema.parse((await http.post('/social/link-preview', { url })).data),
        ),
      ),

    /** Uploads one file to a saved draft; it joins the end of the post's files. */
    uploadFile: (postId: string, file: File, onProgress?: Progress, signal?: AbortSignal): Promise<PostMedia> =>
      call(async () => {
        const media = postMediaSchema.parse(await uploadFile(http, `/social-media/post/${postId}/media`, file, onProgress, signal));
        postsChanged(postId);
        return media;
      }),
  };
}

export type SocialService = ReturnType<typeof createSocialService>;
