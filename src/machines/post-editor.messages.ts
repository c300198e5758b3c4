import type { PostResponse } from '../schemas/social.schema';

/** 'Failed to save post: why', or the prefix alone when the service had nothing better to say. */
const failed = (prefix: string, message: string) => (message && message !== prefix ? `${prefix}: ${message}` : prefix);

/** What the editor tells the artist; the spec only logs these failures, here they are shown (toast and inline). */
export const POST_EDITOR_MESSAGES = {
  saved: 'Draft saved successfully',
  published: 'Post published successfully',
  saveFailed: (message: string) => failed('Failed to save post', message),
  uploadFailed: (fileName: string, message: string) => failed(`Failed to upload file ${fileName}`, message),
  publishFailed: (message: string) => failed('Failed to publish post', message),
  refreshFailed: (message: string) => failed("Could not check the post's status", message),
  /** Deliveries that failed, each with its reason. */
  deliveryFailed: (responses: Pick<PostResponse, 'handle' | 'postError'>[]) =>
    `Post failed on ${responses.map((r) => `@${r.handle}: ${r.postError ?? 'unknown error'}`).join('; ')}`,
  notFound: 'Post not found',
  noAccounts: 'No social media account is connected yet.',
  connectBluesky: 'Connect a Bluesky account',
} as const;
