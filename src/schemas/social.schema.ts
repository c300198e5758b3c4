import * as z from 'zod/mini';
import { text } from './text.schema';
import { extensionLabel, fileTypeLabel } from './file-types';
import { fileTooLargeMessage, fileTypeNotAllowedMessage, MAX_FILE_BYTES } from './upload.schema';
import { PLATFORMS, PLATFORM_LABELS, platformSchema, type Platform } from './social-platform.schema';
import { NETWORK_RULES } from './network-rules';
import { labelsRule, langsRule } from './post-labels.schema';
import { LINK_MAX_LENGTH, linkCardSchema } from './link-card.schema';
import { postVideoStatusSchema } from './post-video.schema';
import { matsSchema } from './image-fit.schema';
import { THREAD_MAX_LENGTH, THREAD_MAX_PARTS, THREAD_MESSAGES, threadProblem } from './post-thread';

export { PLATFORMS, platformSchema, type Platform };

export const DEFAULT_BLUESKY_SERVICE = 'https://bsky.social';
export const HANDLE_HINT = 'username.bsky.social';
export const POST_MAX_LENGTH = 280;
export const POST_TOO_LONG = `Post text must be at most ${POST_MAX_LENGTH} characters`;
/** The editor's message for a single post over the limit: by how much, and what to do (the text is kept as typed). */
export const postOverLimit = (over: number) =>
  `${over} ${over === 1 ? 'character' : 'characters'} over the ${POST_MAX_LENGTH}-character limit. Shorten the text, or split it into a thread.`;
/** The longest text any network takes (Facebook's 63,206 characters): no post is longer. */
export const LONGEST_POST = NETWORK_RULES.facebook.textMaxLength;
const NETWORK_TOO_LONG = `Post text must be at most ${LONGEST_POST.toLocaleString('en-US')} characters`;
/** A post's place, as the artist writes it ('Studio 4, Lisbon'); kept with the post, never sent to Bluesky. */
export const POST_LOCATION_MAX_LENGTH = 200;
export const LOCATION_TOO_LONG = `Location must be at most ${POST_LOCATION_MAX_LENGTH} characters`;
/** Bluesky takes at most four images per post. */
export const MAX_POST_FILES = 4;
/** Instagram's carousel and Facebook's multi-photo post take up to ten: the most any post may carry. */
export const MAX_POST_FILES_ANY_NETWORK = 10;
/** How many files a post may carry: four while only Bluesky accounts are chosen, else ten (each network's own rule says more). */
export const maxPostFiles = (accounts: readonly { platform: Platform }[]) =>
  accounts.every((a) => a.platform === 'bluesky') ? MAX_POST_FILES : MAX_POST_FILES_ANY_NETWORK;

const handleField = text(
  'Handle',
  [
    z.trim(),
    z.toLowerCase(),
    z.minLength(1, { error: 'Handle is required' }),
    z.maxLength(253, { error: 'Handle must be at most 253 characters' }),
    z.regex(/^@?[a-z0-9.-]+$/i, { error: 'Enter a handle like username.bsky.social' }),
  ],
  { error: 'Handle is required' },
);

/** Connect form: handle and app password (not the account password), and an optional PDS address. */
export const blueskyConnectFormSchema = z.object({
  handle: handleField,
  appPassword: text('App password', [z.trim(), z.minLength(1, { error: 'App password is required' }), z.maxLength(100)], {
    error: 'App password is required',
  }),
  service: text('Server address', [
    z.trim(),
    z.refine((v) => v === '' || /^https?:\/\/[^\s/]+(:\d+)?\/?$/i.test(v), { error: 'Enter the server address, e.g. https://bsky.social' }),
  ]),
});
export type BlueskyConnectForm = z.input<typeof blueskyConnectFormSchema>;

/** POST /api/social-media/accounts. */
export const connectAccountSchema = z.object({
  platform: platformSchema,
  handle: handleField,
  credentials: z.object({
    identifier: text('Handle', [z.trim(), z.minLength(1, { error: 'Handle is required' }), z.maxLength(253)]),
    appPassword: text('App password', [z.trim(), z.minLength(1, { error: 'App password is required' }), z.maxLength(100)]),
    service: z.optional(text('Server address', [z.maxLength(200)])),
  }),
});
export type ConnectAccount = z.infer<typeof connectAccountSchema>;

export const accountRefSchema = z.object({
  platform: platformSchema,
  handle: text('Handle', [z.minLength(1, { error: 'Handle is required' }), z.maxLength(253)]),
});
export type AccountRef = z.infer<typeof accountRefSchema>;

export const socialAccountSchema = z.object({
  platform: platformSchema,
  handle: z.string(),
  /** The server the account lives on (Bluesky PDS). */
  service: z.nullable(z.string()),
  connectedAt: z.string(),
  /** How it was connected: OAuth (a grant from the PDS) or an app password. */
  authMethod: z.optional(z.enum(['app-password', 'oauth'])),
  /** Set when the network no longer accepts the account's login or token: its posts wait until it is connected again. */
  needsReconnectAt: z.optional(z.nullable(z.string())),
  /** Why it needs reconnecting, in the artist's words (null when it does not). */
  needsReconnectReason: z.optional(z.nullable(z.string())),
  /** Instagram: when the 60-day token runs out (ISO); the studio renews it when under 10 days remain. */
  tokenExpiresAt: z.optional(z.nullable(z.string())),
  /** Instagram: the professional account's id; Facebook: the Page's id (strings: they pass 2^53). */
  externalId: z.optional(z.nullable(z.string())),
});
export type SocialAccount = z.infer<typeof socialAccountSchema>;

export const POST_STATUSES = ['pending', 'posted', 'error'] as const;

export const postResponseSchema = z.object({
  platform: platformSchema,
  handle: z.string(),
  text: z.string(),
  postUrl: z.string(),
  postStatus: z.enum(POST_STATUSES),
  datePosted: z.optional(z.nullable(z.number())),
  postError: z.optional(z.nullable(z.string())),
  /** What the network last said of the posted record, and when (epoch ms); null until first read. Instagram and Facebook: likes (reactions) and replies (comments), reposts and quotes 0. */
  metrics: z.optional(
    z.nullable(z.object({ likes: z.number(), reposts: z.number(), replies: z.number(), quotes: z.number(), readAt: z.number() })),
  ),
  /** Where the post's video stands on this account while it is sent (null: no video, or not started). */
  video: z.optional(z.nullable(postVideoStatusSchema)),
  /** Why a pending delivery waits rather than goes (Instagram's daily limit, an account to reconnect); null otherwise. */
  heldReason: z.optional(z.nullable(z.string())),
});
export type PostMetrics = NonNullable<PostResponse['metrics']>;
export type PostResponse = z.infer<typeof postResponseSchema>;

export const postMediaSchema = z.object({
  mediaId: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  fileSizeInBytes: z.number(),
  altText: z.string(),
  /** Signed address to show it. */
  url: z.string(),
});
export type PostMedia = z.infer<typeof postMediaSchema>;

export const socialPostSchema = z.object({
  userId: z.string(),
  postId: z.string(),
  /** Epoch milliseconds (UTC). */
  dateCreated: z.number(),
  dateScheduled: z.optional(z.nullable(z.number())),
  datePublished: z.optional(z.nullable(z.number())),
  content: z.string(),
  mediaIds: z.optional(z.array(z.string())),
  media: z.optional(z.array(postMediaSchema)),
  hashtags: z.optional(z.array(z.string())),
  mentions: z.optional(z.array(z.string())),
  location: z.optional(z.nullable(z.string())),
  /** The artwork the post was shared from (Share in the artwork editor), while it exists. */
  artworkId: z.optional(z.nullable(z.string())),
  /** Bluesky self-labels for the post's images (nudity, sexual, porn, graphic-media). */
  labels: z.optional(z.array(z.string())),
  /** The post's languages (BCP-47), as Bluesky records carry them. */
  langs: z.optional(z.array(z.string())),
  accounts: z.array(accountRefSchema),
  /** The card of the post's first link (no images), as the artist saw it in the editor. */
  linkCard: z.optional(z.nullable(linkCardSchema)),
  /** The link whose card the artist removed. */
  linkCardRemoved: z.optional(z.nullable(z.string())),
  /** A thread: where each part after the first starts in the content (UTF-16 offsets); empty for a single post. */
  threadBreaks: z.optional(z.array(z.number())),
  /** The mat per media id for networks that fit images (missing: white). */
  mats: z.optional(matsSchema),
  responses: z.array(postResponseSchema),
  isDraft: z.boolean(),
});
export type SocialPost = z.infer<typeof socialPostSchema>;

const hashtagField = text('Hashtags', [
  z.trim(),
  z.regex(/^#?[^\s#]{1,64}$/u, { error: 'A hashtag is one word of at most 64 characters' }),
]);
const mentionField = text('Mentions', [
  z.trim(),
  z.regex(/^@?[a-z0-9.-]{1,253}$/i, { error: 'A mention is a handle like @username.bsky.social' }),
]);

export const accountsRule = z.array(accountRefSchema).check(z.minLength(1, { error: 'At least one account is required' }));

/**
 * POST /api/social-media/post: create (no postId) or update a draft. The text of a single post is at most 280
 * characters; a thread's (threadBreaks given) is longer, and each of its parts is held to that limit instead.
 */
export const savePostSchema = z
  .object({
    postId: z.optional(z.uuid({ error: 'Post ID must be a valid UUID' })),
    /** At most 63,206 characters (Facebook's limit); each chosen network's own limit is checked below. */
    content: text('Post text', [z.maxLength(LONGEST_POST, { error: NETWORK_TOO_LONG })]),
    /** Where each part after the first starts (UTF-16 offsets into the content, increasing); empty: a single post. */
    threadBreaks: z._default(
      z
        .array(z.number().check(z.int({ error: THREAD_MESSAGES.badBreaks })))
        .check(z.maxLength(THREAD_MAX_PARTS - 1, { error: THREAD_MESSAGES.tooManyParts })),
      [],
    ),
    accounts: accountsRule,
    isDraft: z._default(z.boolean(), true),
    dateScheduled: z.optional(z.nullable(z.number().check(z.int({ error: 'Schedule must be a time in epoch milliseconds' })))),
    dateCreated: z.optional(z.number()),
    hashtags: z._default(z.array(hashtagField).check(z.maxLength(30, { error: 'At most 30 hashtags' })), []),
    mentions: z._default(z.array(mentionField).check(z.maxLength(30, { error: 'At most 30 mentions' })), []),
    location: z.optional(z.nullable(text('Location', [z.maxLength(POST_LOCATION_MAX_LENGTH, { error: LOCATION_TOO_LONG })]))),
    /** The artwork the post is shared from: one of the artist's own. Left out on an update, the post keeps its own. */
    artworkId: z.optional(z.nullable(z.uuid({ error: 'Artwork ID must be a valid UUID' }))),
    /** Self-labels for the post's images; sent only when it has some. */
    labels: z._default(labelsRule, []),
    /** One to three BCP-47 tags; left out, the artist's default language. */
    langs: z.optional(langsRule),
    /** The card the editor showed for the first link (from /api/social/link-preview); left out on an update, kept. */
    linkCard: z.optional(z.nullable(linkCardSchema)),
    /** The link whose card the artist removed (null: none); left out on an update, kept. */
    linkCardRemoved: z.optional(z.nullable(z.string().check(z.maxLength(LINK_MAX_LENGTH)))),
    mediaIds: z._default(
      z
        .array(z.uuid({ error: 'Media ID must be a valid UUID' }))
        .check(z.maxLength(MAX_POST_FILES_ANY_NETWORK, { error: `Maximum ${MAX_POST_FILES_ANY_NETWORK} files allowed` })),
      [],
    ),
    /** The mat per media id, for networks that fit images (Instagram); left out on an update, kept. */
    mats: z.optional(matsSchema),
    /** Alt text per media id. */
    altTexts: z.optional(
      z.record(text('Alt text'), text('Alt text', [z.maxLength(2000, { error: 'Alt text must be at most 2000 characters' })])),
    ),
  })
  .check(
    z.superRefine((post, ctx) => {
      const bluesky = post.accounts.some((a) => a.platform === 'bluesky');
      let problem: string | null = null;
      // Too long for any thread: the thread's own message says so.
      if (bluesky && post.content.length > THREAD_MAX_LENGTH) problem = THREAD_MESSAGES.tooLong;
      else if (bluesky)
        problem = post.threadBreaks.length ? threadProblem(post) : post.content.length > POST_MAX_LENGTH ? POST_TOO_LONG : null;
      else {
        const over = post.accounts.find((a) => post.content.length > NETWORK_RULES[a.platform].textMaxLength);
        problem = over
          ? `${PLATFORM_LABELS[over.platform]}: the text is at most ${NETWORK_RULES[over.platform].textMaxLength.toLocaleString('en-US')} characters`
          : null;
      }
      // Every message is about the text and shows under it.
      if (problem) ctx.issues.push({ code: 'custom', path: ['content'], input: post.content, message: problem });
      // Bluesky alone keeps its four; with Instagram or Facebook chosen, their own rules say how many (networkProblems).
      const maxFiles = maxPostFiles(post.accounts);
      if (post.mediaIds.length > maxFiles)
        ctx.issues.push({ code: 'custom', path: ['mediaIds'], input: post.mediaIds, message: `Maximum ${maxFiles} files allowed` });
    }),
  );
export type SavePost = z.input<typeof savePostSchema>;

export const savePostResultSchema = z.object({ postId: z.string(), post: socialPostSchema });

/** Allowed file kinds and extensions for a post (requirements §5). */
export const POST_FILE_EXTENSIONS = {
  image: ['jpg', 'jpeg', 'png', 'gif', 'svg', 'webp'],
  audio: ['mp3', 'wav', 'ogg', 'flac', 'aac'],
  video: ['mp4', 'webm', 'mov', 'avi'],
  pdf: ['pdf'],
} as const;
export const POST_FILE_TYPES = [
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/svg+xml',
  'image/webp',
  'audio/mpeg',
  'audio/wav',
  'audio/x-wav',
  'audio/ogg',
  'audio/flac',
  'audio/aac',
  'video/mp4',
  'video/webm',
  'video/quicktime',
  'video/x-msvideo',
  'application/pdf',
] as const;

/** Why a chosen file is refused, or null: checked before upload; offending files are skipped and the rest continue. */
export function postFileProblem(file: { name: string; type: string; size: number }): string | null {
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  const allowedExt = (Object.values(POST_FILE_EXTENSIONS) as readonly (readonly string[])[]).some((list) => list.includes(ext));
  // Named by what is wrong: the extension ('photo.exe' sent as image/png reads 'EXE'), else the declared type.
  if (!allowedExt) return fileTypeNotAllowedMessage(extensionLabel(file.name));
  if (!(POST_FILE_TYPES as readonly string[]).includes(file.type)) return fileTypeNotAllowedMessage(fileTypeLabel(file.type, file.name));
  if (file.size > MAX_FILE_BYTES) return fileTooLargeMessage(file.name);
  return null;
}

export const postCounterText = (length: number) => `${length} / ${POST_MAX_LENGTH} characters`;

/** 'Scheduled Draft' for a draft with a schedule, otherwise 'Draft' or 'Published'. */
export function postLabel(post: { isDraft: boolean; dateScheduled?: number | null }) {
  if (!post.isDraft) return 'Published';
  return post.dateScheduled ? 'Scheduled Draft' : 'Draft';
}

/** The date a post sits on in the calendar: when published, else when scheduled. */
export const calendarDateOf = (post: { datePublished?: number | null; dateScheduled?: number | null }) =>
  post.datePublished ?? post.dateScheduled ?? null;

export const SOCIAL_MESSAGES = {
  accountsError: 'Error loading social media accounts. Please try again later.',
  comingSoon: 'integration coming soon',
  invalidPlatform: 'Invalid social media platform type. Please select a valid platform.',
  socialHome: 'Social Home',
  maxFiles: (n: number) => `Maximum ${n} files allowed`,
  unscheduledDrafts: 'Unscheduled drafts',
} as const;

export const DATE_FORMAT = 'MM/dd/yyyy';
export const DATE_TIME_FORMAT = 'MM/dd/yyyy hh:mm a';
