import type { PostResponse } from '../../schemas/social.schema';

/** 'Failed to save post: why': the reason is the server's, or a generic one that never repeats the prefix (failure.ts). */
const failed = (prefix: string, message: string) => `${prefix}: ${message}`;

/** What the editor tells the artist; the requirements only log these failures, here they are shown (toast and inline). */
export const POST_EDITOR_MESSAGES = {
  saved: 'Draft saved successfully',
  published: 'Post published successfully',
  saveFailed: (message: string) => failed('Failed to save post', message),
  uploadFailed: (fileName: string, message: string) => failed(`Failed to upload file ${fileName}`, message),
  publishFailed: (message: string) => failed('Failed to publish post', message),
  refreshFailed: (message: string) => failed("Could not check the post's status", message),
  /** A change refused (409) for a post that could not then be shown published. */
  refusedAsPublished: 'The server refused it as already published. Reload the page to see the post.',
  /** A draft open here was published by the server (its schedule came) or elsewhere; what was not saved is not in it. */
  publishedMeanwhile: (scheduled: boolean, unsavedLost: boolean) =>
    `${scheduled ? 'This post was published at its scheduled time.' : 'This post was published meanwhile.'}${unsavedLost ? ' Your unsaved changes were not included.' : ''}`,
  /** Deliveries that failed, each with its reason. */
  deliveryFailed: (responses: Pick<PostResponse, 'handle' | 'postError'>[]) =>
    `Post failed on ${responses.map((r) => `@${r.handle}: ${r.postError ?? 'unknown error'}`).join('; ')}`,
  /** Sharing an artwork: the artwork (or the portfolio's address) could not be read; the post starts empty. */
  shareFailed: (message: string) => failed('Could not prefill the post from the artwork', message),
  /** Its image could not be read; the post has its text and accounts. */
  shareImageFailed: (message: string) => failed("Could not add the artwork's image; add it yourself", message),
  sharing: 'Preparing a post from the artwork...',
  /** The thread's controls and what they announce. */
  threadStart: 'Write as a thread',
  /** The same control, offered when a single post is over the limit. */
  threadSplit: 'Split into a thread',
  threadStop: 'Write as one post',
  threadStarted: (parts: number) => `Written as a thread of ${parts} ${parts === 1 ? 'part' : 'parts'}.`,
  threadStopped: 'Written as one post.',
  moveSplit: (index: number, direction: 'earlier' | 'later') => `Move split ${index + 1} one word ${direction}`,
  splitMoved: (index: number, before: number, after: number) =>
    `Split ${index + 1} moved: part ${index + 1} has ${before} characters, part ${index + 2} has ${after}.`,
  /** The copy of an unsaved post kept in this browser. */
  restoredNew: (at: string) => `Restored from this browser: the post you had not saved yet, as you left it ${at}.`,
  restoredDraft: (at: string) => `Restored from this browser: your changes to this draft that were not saved yet, as you left them ${at}.`,
  discard: 'Discard it',
  discardChanges: 'Discard changes',
  copyPending: 'Keeping a copy in this browser…',
  copyKept: 'Not saved yet: a copy is kept in this browser.',
  copyFailed: (reason: string) => `This browser could not keep a copy of your unsaved post: ${reason} Save it before you leave.`,
  notFound: 'Post not found',
  noAccounts: 'No social media account is connected yet.',
  connectBluesky: 'Connect a Bluesky account',
} as const;
