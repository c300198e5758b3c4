import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Dimensions } from '../../src/schemas/artwork.schema';
import type { PublishedSnapshot } from '../publish/snapshot';

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
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email)],
);

/** One signed-in device; its refresh tokens form a rotation family. Revoking it ends them all. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
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
    sessionId: uuid('session_id').notNull().references(() => sessions.id, { onDelete: 'cascade' }),
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
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['verify', 'reset'] }).notNull(),
    email: text('email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('email_tokens_user_idx').on(t.userId)],
);

/** A signed upload handed out and not yet confirmed; confirming checks what arrived. */
export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    targetId: text('target_id'),
    storageKey: text('storage_key').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    declaredBytes: bigint('declared_bytes', { mode: 'number' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('uploads_user_idx').on(t.userId), index('uploads_pending_idx').on(t.expiresAt).where(sql`completed_at is null`)],
);

/** Fixed-window counters shared by every server instance. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  hits: integer('hits').notNull(),
});

export const artworks = pgTable(
  'artworks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull().default(''),
    year: integer('year'),
    medium: text('medium').notNull().default(''),
    description: text('description').notNull().default(''),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    saleStatus: text('sale_status').notNull(),
    mediaType: text('media_type').notNull(),
    dimensions: jsonb('dimensions').$type<Dimensions>().notNull(),
    primaryImageMediaId: uuid('primary_image_media_id'),
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
    artworkId: uuid('artwork_id').notNull().references(() => artworks.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    fileSizeBytes: bigint('file_size_bytes', { mode: 'number' }),
    storageKey: text('storage_key').notNull(),
    /** Storage keys of the image variants by size name; empty for video and audio. */
    variants: jsonb('variants').$type<Record<string, string>>().notNull().default({}),
    width: integer('width'),
    height: integer('height'),
    createdAt: createdAt(),
  },
  (t) => [index('artwork_media_artwork_idx').on(t.artworkId, t.createdAt)],
);

/** The activity journal, written in the same transaction as the change it records. */
export const journalEntries = pgTable(
  'journal_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['artwork.new', 'artwork.updated'] }).notNull(),
    message: text('message').notNull(),
    artworkId: uuid('artwork_id'),
    mediaId: uuid('media_id'),
    changedFields: text('changed_fields').array(),
    dismissedAt: timestamp('dismissed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('journal_user_created_idx').on(t.userId, t.createdAt, t.id)],
);

/**
 * The public portfolio: a snapshot taken when the artist presses Publish, at a stable slug. `version` counts the
 * publishes begun (each claims its own number and file folder); `snapshot` is the last one finished, which names its
 * own version, or null while the first is still being made.
 */
export const publications = pgTable(
  'publications',
  {
    userId: uuid('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    version: integer('version').notNull(),
    snapshot: jsonb('snapshot').$type<PublishedSnapshot>(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('publications_slug_key').on(t.slug)],
);
