import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Dimensions } from '../../src/schemas/artwork.schema';
import type { HistoryChange } from '../../src/schemas/history.schema';
import type { JournalType } from '../../src/schemas/journal.schema';
import type { MatChoice } from '../../src/schemas/image-fit.schema';
import type { AccountRef } from '../../src/schemas/social.schema';
import type { AvatarCrop } from '../../src/schemas/user.schema';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    pendingEmail: text('pending_email'),
    avatarKey: text('avatar_key'),
    /** The avatar's file as the artist uploaded it (the data export holds it); null for avatars from before it was kept. */
    avatarOriginalKey: text('avatar_original_key'),
    /** The language new posts start with (BCP-47); null until the artist chooses one (the browser's, else English). */
    postLanguage: text('post_language'),
    /** What the public site shows of the artist ('' when not given): src/schemas/site-profile.schema.ts. */
    bio: text('bio').notNull().default(''),
    website: text('website').notNull().default(''),
    /** An address for visitors, never the account's own unless the artist typed it here too. */
    contactEmail: text('contact_email').notNull().default(''),
    instagram: text('instagram').notNull().default(''),
    bluesky: text('bluesky').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Unverified accounts are claims, swept once they are a week old (updatedAt: a new sign-up renews the claim).
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    index('users_unverified_idx')
      .on(t.updatedAt)
      .where(sql`email_verified_at is null`),
  ],
);

/** One signed-in device; its refresh tokens form a rotation family. Revoking it ends them all. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Refresh tokens are stored as SHA-256 hashes; usedAt marks a rotated token whose reuse revokes the session. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('refresh_tokens_session_idx').on(t.sessionId)],
);

/** Single-use links sent by mail: verify an address, reset a password. Stored hashed. */
export const emailTokens = pgTable(
  'email_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['verify', 'reset'] }).notNull(),
    email: text('email').notNull(),
    /**
     * The password of the sign-up this link confirms. An unverified account is only a claim on its address: the link
     * works while the claim still holds this password, and opening it makes this the account's password.
     */
    passwordHash: text('password_hash'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('email_tokens_user_idx').on(t.userId)],
);

/**
 * Mail to send, written by the request and sent by the background worker, so an answer never waits for (or reveals
 * by its timing) whether a mail goes out. A row says what happened, not what to write: the worker looks the address
 * up and decides, so the request does the same work for every address.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', {
      enum: ['verify', 'exists', 'resend', 'reset', 'change', 'deleted', 'inquiry', 'post-failed', 'consignment-overdue'],
    }).notNull(),
    email: text('email').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** For 'verify': the password of the sign-up, which the mailed link will confirm. */
    passwordHash: text('password_hash'),
    /** For 'inquiry': the buyer's message to mail to the artist (kept in `inquiries` whether or not mail works). */
    inquiryId: uuid('inquiry_id').references(() => inquiries.id, { onDelete: 'cascade' }),
    /** For 'post-failed': the delivery that failed for good (its post and reason are read when the mail is written). */
    deliveryId: uuid('delivery_id').references(() => socialDeliveries.id, { onDelete: 'cascade' }),
    /** For 'consignment-overdue': the consignment past its end date (its works are read when the mail is written). */
    consignmentId: uuid('consignment_id').references(() => consignments.id, { onDelete: 'cascade' }),
    attempts: integer('attempts').notNull().default(0),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lockedBy: text('locked_by'),
    error: text('error'),
    createdAt: createdAt(),
  },
  (t) => [index('mail_outbox_due_idx').on(t.dueAt)],
);

/** A signed upload handed out and not yet confirmed; confirming checks what arrived. */
export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    targetId: text('target_id'),
    storageKey: text('storage_key').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    declaredBytes: bigint('declared_bytes', { mode: 'number' }).notNull(),
    /** An avatar's chosen part, in pixels of the picture as seen; null: none chosen. */
    crop: jsonb('crop').$type<AvatarCrop>(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('uploads_user_idx').on(t.userId),
    index('uploads_pending_idx')
      .on(t.expiresAt)
      .where(sql`completed_at is null`),
  ],
);

/** Fixed-window counters shared by every server instance. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull(),
    /** The account address a counter concerns, so a completed password reset can lift them all. */
    account: text('account'),
  },
  (t) => [
    index('rate_limits_account_idx')
      .on(t.account)
      .where(sql`account is not null`),
  ],
);

/**
 * Keyed fingerprints (never the values) of the settings every instance sharing the database must agree on: the first
 * instance records them, later ones compare theirs and refuse to start on a difference.
 */
export const sharedSettings = pgTable('shared_settings', {
  name: text('name').primaryKey(),
  fingerprint: text('fingerprint').notNull(),
  recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
});

export const artworks = pgTable(
  'artworks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull().default(''),
    year: integer('year'),
    medium: text('medium').notNull().default(''),
    description: text('description').notNull().default(''),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    saleStatus: text('sale_status').notNull(),
    mediaType: text('media_type').notNull(),
    dimensions: jsonb('dimensions').$type<Dimensions>().notNull(),
    primaryImageMediaId: uuid('primary_image_media_id'),
    /** The Bluesky self-labels a post sharing this artwork starts with ('nudity' for figure work). */
    postLabels: text('post_labels')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * The artist's choice to show the work on the public site or not; null until they choose, and then the work is
     * shown when it has a picture and is not only in private collections (server/artworks/show-on-site.ts).
     */
    showOnSite: boolean('show_on_site'),
    /** An edition's numbered copies (null: a unique work, one piece); its artist's proofs are `editionProofs`. */
    editionSize: integer('edition_size'),
    editionProofs: integer('edition_proofs').notNull().default(0),
    /** What the public site says of the price: 'price' (the amount), 'onRequest' ("Price on request") or 'hidden'. */
    priceDisplay: text('price_display').notNull().default('hidden'),
    /** The artist's own catalogue number ('2024-017'), as imported from or exported to CSV; empty when none. */
    inventoryNumber: text('inventory_number').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // One index per sort the list offers, each with the id as tie-breaker, so a page of 10,000 stays an index scan.
  (t) => [
    index('artworks_user_created_idx').on(t.userId, t.createdAt, t.id),
    index('artworks_user_updated_idx').on(t.userId, t.updatedAt, t.id),
    // Titles and media sort as people read them: without regard to case.
    index('artworks_user_title_idx').on(t.userId, sql`lower(${t.title})`, t.id),
    index('artworks_user_year_idx').on(t.userId, t.year, t.id),
    index('artworks_user_medium_idx').on(t.userId, sql`lower(${t.medium})`, t.id),
    index('artworks_user_status_idx').on(t.userId, t.saleStatus, t.id),
  ],
);

/** A file of an artwork: the original plus, for images, the stored size variants. */
export const artworkMedia = pgTable(
  'artwork_media',
  {
    id: uuid('id').primaryKey(),
    artworkId: uuid('artwork_id')
      .notNull()
      .references(() => artworks.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    fileSizeBytes: bigint('file_size_bytes', { mode: 'number' }),
    storageKey: text('storage_key').notNull(),
    /** Storage keys of the image variants by size name; empty for video and audio. */
    variants: jsonb('variants').$type<Record<string, string>>().notNull().default({}),
    width: integer('width'),
    height: integer('height'),
    /** A video's or a sound's length as its container gives it; null for images and unreadable files. */
    durationMs: integer('duration_ms'),
    createdAt: createdAt(),
  },
  (t) => [index('artwork_media_artwork_idx').on(t.artworkId, t.createdAt)],
);

/**
 * A change made to many artworks at once (My Artworks' bulk actions), kept so it can be undone: `undo` holds what the
 * change replaced (each artwork's values before, or the deleted artworks' rows whole). The files of deleted artworks
 * stay in storage, claimed by the batch, until it can no longer be undone.
 */
export const artworkBatches = pgTable(
  'artwork_batches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    action: text('action', { enum: ['delete', 'saleStatus', 'showOnSite', 'addToCollection'] }).notNull(),
    undo: jsonb('undo').notNull(),
    createdAt: createdAt(),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
  },
  (t) => [index('artwork_batches_created_idx').on(t.createdAt)],
);

/** The activity journal, written in the same transaction as the change it records. */
export const journalEntries = pgTable(
  'journal_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // The column is text: new kinds of entry need no migration.
    type: text('type').$type<JournalType>().notNull(),
    message: text('message').notNull(),
    artworkId: uuid('artwork_id'),
    collectionId: uuid('collection_id'),
    mediaId: uuid('media_id'),
    changedFields: text('changed_fields').array(),
    /** An artwork's history: the piece a change was about and its copy as then named ('3/25'; null: the artwork). */
    pieceId: uuid('piece_id'),
    copy: text('copy'),
    /** What changed, from what to what, in the artist's words ('Sale status': 'Available' -> 'Sold'). */
    changes: jsonb('changes').$type<HistoryChange[]>(),
    note: text('note'),
    /** Who made the change: 'artist', or 'studio' for what happens by itself (a hold lapsing). */
    actor: text('actor').notNull().default('artist'),
    /** The day it happened as the artist tells it (a sale's date); null: the day it was recorded. */
    occurredOn: date('occurred_on', { mode: 'string' }),
    dismissedAt: timestamp('dismissed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('journal_user_created_idx').on(t.userId, t.createdAt, t.id),
    // An artwork's history, newest first, a page at a time.
    index('journal_artwork_created_idx')
      .on(t.artworkId, t.createdAt, t.id)
      .where(sql`artwork_id is not null`),
  ],
);

/**
 * The public portfolio: a snapshot taken when the artist presses Publish, at the address (slug) they chose or one made
 * for them. `version` counts the publishes begun (each claims its own number and file folder); `snapshot` is the last
 * one finished, which names its own version, or null while the first is still being made.
 */
export const publications = pgTable(
  'publications',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    /**
     * The storage folder of its images (published/<folder>/<version>/), made once and kept when the address changes;
     * null for a publication made before addresses could change, whose folder is its slug (set when it first moves).
     */
    folder: text('folder'),
    version: integer('version').notNull(),
    // Written and read by server/publish (readSnapshot upgrades older formats), so its shape is not fixed here.
    snapshot: jsonb('snapshot').$type<unknown>(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('publications_slug_key').on(t.slug), uniqueIndex('publications_folder_key').on(t.folder)],
);

/**
 * An address a portfolio had before its artist chose another: /p/<slug> answers 301 to where the portfolio is now,
 * until another artist takes the address (then the row goes: it is theirs).
 */
export const slugRedirects = pgTable(
  'slug_redirects',
  {
    slug: text('slug').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('slug_redirects_user_idx').on(t.userId)],
);

/**
 * A connected social-media account (Bluesky). The app password and the session tokens are sealed with the social
 * secret key (AES-256-GCM); `credentialsVersion` changes when the artist connects again, so cached sessions are dropped.
 */
export const socialAccounts = pgTable(
  'social_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    platform: text('platform').notNull(),
    handle: text('handle').notNull(),
    did: text('did'),
    service: text('service'),
    appPasswordSealed: text('app_password_sealed'),
    sessionSealed: text('session_sealed'),
    credentialsVersion: integer('credentials_version').notNull().default(1),
    /** 'app-password' (appPasswordSealed and sessionSealed hold the login) or 'oauth' (the grant is in blueskyOAuthStore by DID). */
    authMethod: text('auth_method').notNull().default('app-password'),
    /**
     * Set when Bluesky no longer accepts the account's session or grant (refresh and sign-in refused): its deliveries
     * wait, neither dropped nor failed, until the artist connects it again, which clears this.
     */
    needsReconnectAt: timestamp('needs_reconnect_at', { withTimezone: true }),
    /** Instagram: when the sealed long-lived token (sessionSealed) runs out; renewed when under 10 days remain. */
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('social_accounts_user_handle_key').on(t.userId, t.platform, t.handle)],
);

/**
 * What the Bluesky OAuth client keeps between requests, in the database so any instance can finish what another
 * began: 'state' (an authorization under way, by its state id, with an expiry), 'session' (a grant, by DID) and
 * 'lock' (who is refreshing a grant right now, until expiresAt). Values are sealed with the social secret box.
 */
export const blueskyOAuthStore = pgTable(
  'bluesky_oauth_store',
  {
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    sealed: text('sealed').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.key] })],
);

/** What a network already holds of a delivery (see socialDeliveries.remoteSteps). */
export interface RemoteSteps {
  /** Instagram: the container of the post (a single image, a Reel, or the carousel), and of each carousel item. */
  containerId?: string;
  itemContainerIds?: string[];
  /** When the first container was asked for (its media is looked for from then on). */
  startedAt?: string;
  /** The published media's (or Facebook post's) id. */
  mediaId?: string;
  /** Facebook: the unpublished photos of a multi-photo post, by position. */
  photoIds?: string[];
}

/** A link card as stored: thumb is the hash naming its recompressed image in storage (link-cards/<hash>.jpg). */
export interface StoredLinkCard {
  uri: string;
  title: string;
  description: string;
  thumb: string | null;
}

/** A post: a draft (maybe scheduled) until published; then its deliveries say how each account fared. */
export const socialPosts = pgTable(
  'social_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull().default(''),
    hashtags: text('hashtags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    mentions: text('mentions')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    location: text('location'),
    /** Bluesky self-labels for the post's images (com.atproto.label.defs#selfLabels values). */
    labels: text('labels')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The post's languages (BCP-47), at most three; set on every save. */
    langs: text('langs')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The artwork the post was shared from ("Share" in the artwork editor), if any. */
    artworkId: uuid('artwork_id').references(() => artworks.id, { onDelete: 'set null' }),
    accounts: jsonb('accounts').$type<AccountRef[]>().notNull(),
    /** The card of the post's first link as the artist saw it (app.bsky.embed.external), fixed before publishing. */
    linkCard: jsonb('link_card').$type<StoredLinkCard>(),
    /** The link whose card the artist removed: that link gets no card. */
    linkCardRemoved: text('link_card_removed'),
    /** A thread: where each part after the first starts (UTF-16 offsets into content, increasing); empty: one post. */
    threadBreaks: integer('thread_breaks')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    isDraft: boolean('is_draft').notNull().default(true),
    dateScheduled: timestamp('date_scheduled', { withTimezone: true }),
    datePublished: timestamp('date_published', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('social_posts_user_idx').on(t.userId, t.createdAt),
    // The worker's question: which scheduled drafts are due.
    index('social_posts_due_idx')
      .on(t.dateScheduled)
      .where(sql`is_draft and date_scheduled is not null`),
  ],
);

/** A file of a post, in the post's order; images also get a small WebP preview to show in the editor. */
export const socialPostMedia = pgTable(
  'social_post_media',
  {
    id: uuid('id').primaryKey(),
    postId: uuid('post_id')
      .notNull()
      .references(() => socialPosts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    fileSizeBytes: bigint('file_size_bytes', { mode: 'number' }).notNull(),
    storageKey: text('storage_key').notNull(),
    previewKey: text('preview_key'),
    altText: text('alt_text').notNull().default(''),
    width: integer('width'),
    height: integer('height'),
    /** A video's length, read from its container at upload (null: not a video, or the container does not say). */
    durationMs: integer('duration_ms'),
    /** The mat a network that fits images lays the work on (the post's `mats`; white unless the artist chose). */
    mat: text('mat').$type<MatChoice>().notNull().default('white'),
    position: integer('position').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('social_post_media_post_idx').on(t.postId, t.position)],
);

/**
 * One (post, account) publication. Its record key is chosen and stored before the first attempt and reused on every
 * retry, so a retry after a crash finds the record instead of posting again. A worker claims a due row with
 * FOR UPDATE SKIP LOCKED and holds it by a lease (lockedUntil / lockedBy); an expired lease may be taken over.
 */
export const socialDeliveries = pgTable(
  'social_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postId: uuid('post_id')
      .notNull()
      .references(() => socialPosts.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id').references(() => socialAccounts.id, { onDelete: 'set null' }),
    platform: text('platform').notNull(),
    handle: text('handle').notNull(),
    rkey: text('rkey').notNull(),
    /** What is sent: the content with the hashtags and mentions added. */
    text: text('text').notNull(),
    /** A thread's parts as sent, in order (empty: a single post, `text`); part 1 goes under `rkey`. */
    parts: text('parts')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The record keys of parts 2..n, chosen with `rkey` before the first attempt (each part is written once). */
    partRkeys: text('part_rkeys')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    status: text('status', { enum: ['pending', 'posted', 'error'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lockedBy: text('locked_by'),
    postUrl: text('post_url'),
    /** Why the last attempt failed (kept while a retry is pending; the reason of an error). */
    error: text('error'),
    postedAt: timestamp('posted_at', { withTimezone: true }),
    /** What the AppView last said of the posted record (null until first read), and when it said it. */
    likes: integer('likes'),
    reposts: integer('reposts'),
    replies: integer('replies'),
    quotes: integer('quotes'),
    metricsReadAt: timestamp('metrics_read_at', { withTimezone: true }),
    /** When the counts are read next (null: ten minutes after posting); see server/social/metrics-schedule.ts. */
    metricsDueAt: timestamp('metrics_due_at', { withTimezone: true }),
    /** The metrics refresher's claim, so that two instances do not read the same posts. */
    metricsLockedUntil: timestamp('metrics_locked_until', { withTimezone: true }),
    /**
     * A post with a video: where its upload stands (null: no video). 'uploading': the file is being sent; 'processing':
     * Bluesky's video service has the job (videoJobId, videoProgress 0-100); 'ready': videoBlob is the blob ref the
     * record embeds, kept so that a retry writes the post without sending the video again.
     */
    videoState: text('video_state', { enum: ['uploading', 'processing', 'ready'] }),
    videoJobId: text('video_job_id'),
    videoProgress: integer('video_progress'),
    videoBlob: jsonb('video_blob').$type<Record<string, unknown>>(),
    /**
     * Instagram and Facebook: each step done at the network, recorded before the next one (the container made for each
     * part, the media published), so that a retry after a lost answer or a crash resumes instead of repeating.
     */
    remoteSteps: jsonb('remote_steps').$type<RemoteSteps>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('social_deliveries_post_account_key').on(t.postId, t.platform, t.handle),
    // Record keys are never reused: two posts under one key would make the second look already posted.
    uniqueIndex('social_deliveries_rkey_key').on(t.rkey),
    index('social_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`status = 'pending'`),
    index('social_deliveries_account_idx').on(t.accountId),
    // The metrics refresher's question: which posts are recent.
    index('social_deliveries_recent_idx')
      .on(t.postedAt)
      .where(sql`status = 'posted'`),
  ],
);

/**
 * A collection of the artist's artworks. Public ones are listed on the public site; unlisted ones are reachable by
 * their link only; private ones are never public. With no sortField the artworks keep their manual order.
 */
export const collections = pgTable(
  'collections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    visibility: text('visibility', { enum: ['public', 'private', 'unlisted'] }).notNull(),
    coverArtworkId: uuid('cover_artwork_id').references(() => artworks.id, { onDelete: 'set null' }),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    sortField: text('sort_field'),
    sortDirection: text('sort_direction', { enum: ['asc', 'desc'] }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('collections_user_created_idx').on(t.userId, t.createdAt, t.id)],
);

/** The artworks of a collection in their manual order; deleting an artwork takes it out of every collection. */
export const collectionArtworks = pgTable(
  'collection_artworks',
  {
    collectionId: uuid('collection_id')
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    artworkId: uuid('artwork_id')
      .notNull()
      .references(() => artworks.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.collectionId, t.artworkId] }), index('collection_artworks_artwork_idx').on(t.artworkId)],
);

/**
 * The artist's own domain for the public site. `token` goes in a TXT record at _artist-studio.<domain>; once a check
 * finds it, `verifiedAt` is set and requests whose Host is the domain get the artist's public site.
 */
export const customDomains = pgTable(
  'custom_domains',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Lower case, without a trailing dot. */
    domain: text('domain').notNull(),
    token: text('token').notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // One artist holds a verified domain. Unverified claims of the same name wait side by side (a claim proves
    // nothing), and the first to verify takes the domain over from them.
    uniqueIndex('custom_domains_verified_domain_key')
      .on(t.domain)
      .where(sql`verified_at is not null`),
    index('custom_domains_domain_idx').on(t.domain),
  ],
);

/** A buyer's message about an artwork, sent from the public site. Kept even when mail is down; shown in the app. */
export const inquiries = pgTable(
  'inquiries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    artworkId: uuid('artwork_id').references(() => artworks.id, { onDelete: 'set null' }),
    /** As published when the buyer wrote, so the inquiry still reads right after the artwork changes or goes. */
    artworkTitle: text('artwork_title').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    message: text('message').notNull(),
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('inquiries_user_created_idx').on(t.userId, t.createdAt, t.id),
    // A contact's inquiries are those sent from their address.
    index('inquiries_user_email_idx').on(t.userId, sql`lower(${t.email})`),
  ],
);

/** The people and places an artist deals with: collectors, galleries, institutions. Never shown on the public site. */
export const contacts = pgTable(
  'contacts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Lower case, or '' when unknown. */
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    address: text('address').notNull().default(''),
    kind: text('kind', { enum: ['collector', 'gallery', 'institution', 'other'] }).notNull(),
    notes: text('notes').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('contacts_user_name_idx').on(t.userId, sql`lower(${t.name})`, t.id),
    index('contacts_user_email_idx').on(t.userId, t.email),
  ],
);

/**
 * A physical piece of an artwork, with its own life (server/inventory, the artwork-life chart): a unique work has one
 * ('unique', no number); an edition has one per numbered copy ('numbered', 1..size) and per artist's proof ('proof').
 * Its sale and custody columns are the chart's record; the artwork's saleStatus is derived from its pieces.
 */
export const artworkPieces = pgTable(
  'artwork_pieces',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    artworkId: uuid('artwork_id')
      .notNull()
      .references(() => artworks.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['unique', 'numbered', 'proof'] }).notNull(),
    number: integer('number'),
    sale: text('sale', { enum: ['available', 'reserved', 'sold', 'notForSale'] })
      .notNull()
      .default('available'),
    custody: text('custody', { enum: ['studio', 'consigned', 'onLoan', 'withBuyer', 'elsewhere'] })
      .notNull()
      .default('studio'),
    holdContactId: uuid('hold_contact_id').references(() => contacts.id),
    holdUntil: timestamp('hold_until', { withTimezone: true }),
    consignmentId: uuid('consignment_id').references(() => consignments.id),
    loanBorrower: text('loan_borrower'),
    loanUntil: date('loan_until', { mode: 'string' }),
    place: text('place'),
    /** The asking price in minor units of priceCurrency (ISO 4217), or null when none is set. */
    priceAmount: bigint('price_amount', { mode: 'number' }),
    priceCurrency: text('price_currency'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('artwork_pieces_copy_key').on(t.artworkId, t.kind, sql`coalesce(${t.number}, 0)`),
    index('artwork_pieces_hold_idx')
      .on(t.holdContactId)
      .where(sql`hold_contact_id is not null`),
    index('artwork_pieces_consignment_idx')
      .on(t.consignmentId)
      .where(sql`consignment_id is not null`),
  ],
);

/**
 * A sale of one piece. Amounts are minor units of `currency`; the commission and the net to the artist are computed
 * by the server when it is recorded (never typed). A return is recorded on the sale (returnedAt), never by editing
 * it; a piece has at most one sale that is not returned. A sale recorded without a buyer or a price (an artwork
 * created as sold) has them null.
 */
export const sales = pgTable(
  'sales',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    artworkId: uuid('artwork_id')
      .notNull()
      .references(() => artworks.id, { onDelete: 'cascade' }),
    pieceId: uuid('piece_id')
      .notNull()
      .references(() => artworkPieces.id, { onDelete: 'cascade' }),
    contactId: uuid('contact_id').references(() => contacts.id),
    consignmentId: uuid('consignment_id').references(() => consignments.id),
    soldOn: date('sold_on', { mode: 'string' }).notNull(),
    amount: bigint('amount', { mode: 'number' }),
    currency: text('currency'),
    discount: bigint('discount', { mode: 'number' }).notNull().default(0),
    /** Hundredths of a percent (0-10000). */
    commissionBasisPoints: integer('commission_basis_points').notNull().default(0),
    commission: bigint('commission', { mode: 'number' }),
    tax: bigint('tax', { mode: 'number' }).notNull().default(0),
    net: bigint('net', { mode: 'number' }),
    invoiceNumber: text('invoice_number').notNull().default(''),
    note: text('note').notNull().default(''),
    returnedOn: date('returned_on', { mode: 'string' }),
    returnedAt: timestamp('returned_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sales_live_piece_key')
      .on(t.pieceId)
      .where(sql`returned_at is null`),
    index('sales_user_sold_idx').on(t.userId, t.soldOn),
    index('sales_contact_idx')
      .on(t.contactId)
      .where(sql`contact_id is not null`),
    index('sales_artwork_idx').on(t.artworkId),
  ],
);

/** Works left with a gallery to sell, for a commission, between two days; `overdueMailedAt` says the artist was told. */
export const consignments = pgTable(
  'consignments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id),
    /** Hundredths of a percent (0-10000). */
    commissionBasisPoints: integer('commission_basis_points').notNull(),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
    terms: text('terms').notNull().default(''),
    overdueMailedAt: timestamp('overdue_mailed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('consignments_user_created_idx').on(t.userId, t.createdAt, t.id),
    index('consignments_contact_idx').on(t.contactId),
    // The upkeep's question: which consignments ended and were not yet mailed about.
    index('consignments_unmailed_idx')
      .on(t.endsOn)
      .where(sql`overdue_mailed_at is null`),
  ],
);

/** The pieces of a consignment; one leaves it when returned (returnedAt) or sold through it (saleId). */
export const consignmentItems = pgTable(
  'consignment_items',
  {
    consignmentId: uuid('consignment_id')
      .notNull()
      .references(() => consignments.id, { onDelete: 'cascade' }),
    pieceId: uuid('piece_id')
      .notNull()
      .references(() => artworkPieces.id, { onDelete: 'cascade' }),
    artworkId: uuid('artwork_id')
      .notNull()
      .references(() => artworks.id, { onDelete: 'cascade' }),
    returnedOn: date('returned_on', { mode: 'string' }),
    returnedAt: timestamp('returned_at', { withTimezone: true }),
    saleId: uuid('sale_id').references(() => sales.id, { onDelete: 'set null' }),
  },
  (t) => [primaryKey({ columns: [t.consignmentId, t.pieceId] }), index('consignment_items_piece_idx').on(t.pieceId)],
);
