import { and, asc, count, desc, eq, gte, inArray, lt, notInArray, sql } from 'drizzle-orm';
import { PLATFORM_LABELS } from '../../src/schemas/social-platform.schema';
import type { SocialPost, savePostSchema } from '../../src/schemas/social.schema';
import type * as z from 'zod/mini';
import type { AppDeps } from '../context';
import type { Db } from '../db/database';
import { artworks, socialAccounts, socialDeliveries, socialPostMedia, socialPosts, users } from '../db/schema';
import { DEFAULT_POST_LANGUAGE } from '../../src/schemas/post-labels.schema';
import { Invalid, VALIDATION_MESSAGE } from '../errors';
import { normalHandle } from './accounts.repo';
import { deliveriesOf } from './delivery.repo';
import { postNotFound, postPublished } from './post-errors';
import { type PostMediaRow, type PostRow, toSocialPostDto } from './posts.dto';
import { publishProblems } from './publishing';
import { postNetworkProblems } from './post-network-rules';
import { isVideoType, postVideoProblems } from '../../src/schemas/post-video.schema';
import { storedLinkCard } from './link-card/post-link-card';
import { DEFAULT_MAT } from '../../src/schemas/image-fit.schema';

export type SavePostInput = z.output<typeof savePostSchema>;

/** Another artist's artwork reads as one that does not exist, as everywhere else. */
export const ARTWORK_TO_SHARE_NOT_FOUND = 'Artwork not found.';

/** A schedule may be at most this far in the past when saved (a clock a little behind, a slow request). */
const SCHEDULE_SLACK_MS = 60_000;
/** The list answers at most this many posts (the calendar asks for a range). */
export const MAX_LIST = 1000;

export async function findPost(db: Db, userId: string, postId: string): Promise<PostRow | null> {
  const [row] = await db
    .select()
    .from(socialPosts)
    .where(and(eq(socialPosts.id, postId), eq(socialPosts.userId, userId)));
  return row ?? null;
}

/** The calendar's date of a post: when published, else when scheduled. */
const calendarDate = sql`coalesce(${socialPosts.datePublished}, ${socialPosts.dateScheduled})`;

export interface PostListQuery {
  from?: number;
  to?: number;
  drafts?: boolean;
  /** Published posts with a delivery that failed, of the last FAILED_DAYS days (the calendar's "Posts that failed"). */
  failed?: boolean;
}

export const FAILED_DAYS = 30;

/**
 * The user's posts, newest calendar date first (unscheduled drafts, which have none, first). `from` / `to` (epoch ms,
 * `to` excluded) keep the posts whose calendar date falls in the range; `drafts` keeps drafts only (true) or
 * published posts only (false).
 */
export function listPosts(db: Db, userId: string, q: PostListQuery): Promise<PostRow[]> {
  return db
    .select()
    .from(socialPosts)
    .where(
      and(
        eq(socialPosts.userId, userId),
        q.from !== undefined ? gte(calendarDate, new Date(q.from)) : undefined,
        q.to !== undefined ? lt(calendarDate, new Date(q.to)) : undefined,
        q.drafts !== undefined ? eq(socialPosts.isDraft, q.drafts) : undefined,
        q.failed
          ? and(
              sql`${socialPosts.datePublished} > now() - make_interval(days => ${FAILED_DAYS})`,
              sql`exists (select 1 from ${socialDeliveries} d where d.post_id = ${socialPosts.id} and d.status = 'error')`,
            )
          : undefined,
      ),
    )
    .orderBy(sql`${calendarDate} desc nulls first`, desc(socialPosts.createdAt), asc(socialPosts.id))
    .limit(MAX_LIST);
}

/** How many files a post has (a draft takes at most MAX_POST_FILES). */
export async function fileCountOf(db: Db, postId: string): Promise<number> {
  const [{ files }] = await db.select({ files: count() }).from(socialPostMedia).where(eq(socialPostMedia.postId, postId));
  return files;
}

/** The draft a new file joins, locked until the file is in (its count and last position are read after). */
export async function lockPostForFile(tx: Db, userId: string, postId: string) {
  const [post] = await tx
    .select({ isDraft: socialPosts.isDraft, accounts: socialPosts.accounts })
    .from(socialPosts)
    .where(and(eq(socialPosts.id, postId), eq(socialPosts.userId, userId)))
    .for('update');
  return post;
}

/** How many files a post has, and the last one's position (-1 when it has none). */
export async function fileCountAndLastPosition(tx: Db, postId: string) {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int`, last: sql<number>`coalesce(max(${socialPostMedia.position}), -1)::int` })
    .from(socialPostMedia)
    .where(eq(socialPostMedia.postId, postId));
  return row;
}

export async function insertPostMedia(tx: Db, values: typeof socialPostMedia.$inferInsert): Promise<PostMediaRow> {
  const [inserted] = await tx.insert(socialPostMedia).values(values).returning();
  return inserted;
}

/** A file of a post of the user (or of anyone's, for a signed link: userId null), or undefined. */
export async function findPostMedia(db: Db, userId: string | null, mediaId: string): Promise<PostMediaRow | undefined> {
  const [row] = await db
    .select()
    .from(socialPostMedia)
    .where(userId ? and(eq(socialPostMedia.id, mediaId), eq(socialPostMedia.userId, userId)) : eq(socialPostMedia.id, mediaId));
  return row;
}

export async function mediaOf(db: Db, postIds: string[]): Promise<Map<string, PostMediaRow[]>> {
  const out = new Map<string, PostMediaRow[]>();
  if (!postIds.length) return out;
  const rows = await db
    .select()
    .from(socialPostMedia)
    .where(inArray(socialPostMedia.postId, postIds))
    .orderBy(asc(socialPostMedia.position));
  for (const row of rows) out.set(row.postId, [...(out.get(row.postId) ?? []), row]);
  return out;
}

/** Posts as the API answers them, with their files and their responses (one per account once published). */
export async function postDtos(deps: Pick<AppDeps, 'db' | 'mediaUrls'>, rows: PostRow[]): Promise<SocialPost[]> {
  const ids = rows.map((r) => r.id);
  const [media, deliveries] = await Promise.all([mediaOf(deps.db, ids), deliveriesOf(deps.db, ids)]);
  return rows.map((r) => toSocialPostDto(r, media.get(r.id) ?? [], deliveries.get(r.id) ?? [], deps.mediaUrls));
}

const isImage = (m: PostMediaRow) => m.contentType.startsWith('image/');

/** The accounts named once each, keyed as stored (lower case, no '@'). */
const uniqueAccounts = (accounts: SavePostInput['accounts']) => {
  const seen = new Map<string, SavePostInput['accounts'][number]>();
  for (const a of accounts) seen.set(`${a.platform}:${normalHandle(a.handle)}`, { platform: a.platform, handle: normalHandle(a.handle) });
  return [...seen.values()];
};

/** A post saved without languages starts with the artist's default language, else English. */
async function defaultLangsOf(db: Db, userId: string): Promise<string[]> {
  const [user] = await db.select({ postLanguage: users.postLanguage }).from(users).where(eq(users.id, userId));
  return [user?.postLanguage ?? DEFAULT_POST_LANGUAGE];
}

/**
 * Creates a draft (no postId) or updates one, in a transaction that locks it: a published post answers 409. The
 * accounts must be connected; `mediaIds` is the post's list of files in order (a file of the post left out is
 * removed), `altTexts` sets the alt text of listed files. A scheduled draft must be publishable as it is, since nobody
 * is there when it comes due. Answers the row and the storage keys of removed files (deleted after the commit).
 */
export function savePost(db: Db, userId: string, input: SavePostInput): Promise<{ post: PostRow; removedKeys: string[] }> {
  return db.transaction(async (tx) => {
    let existing: PostRow | undefined;
    if (input.postId) {
      [existing] = await tx
        .select()
        .from(socialPosts)
        .where(and(eq(socialPosts.id, input.postId), eq(socialPosts.userId, userId)))
        .for('update');
      if (!existing) throw postNotFound();
      if (!existing.isDraft) throw postPublished();
    }
    const fieldErrors: Record<string, string[]> = {};
    const accounts = uniqueAccounts(input.accounts);
    const connected = await tx.select().from(socialAccounts).where(eq(socialAccounts.userId, userId));
    const unknown = accounts.filter((a) => !connected.some((c) => c.platform === a.platform && c.handle === a.handle));
    if (unknown.length) fieldErrors.accounts = unknown.map((a) => `${PLATFORM_LABELS[a.platform]} account @${a.handle} is not connected.`);

    const schedule = input.dateScheduled ?? null;
    if (schedule !== null && schedule !== existing?.dateScheduled?.getTime() && schedule < Date.now() - SCHEDULE_SLACK_MS) {
      fieldErrors.dateScheduled = ['Choose a time in the future.'];
    }

    if (input.artworkId) {
      const [own] = await tx
        .select({ id: artworks.id })
        .from(artworks)
        .where(and(eq(artworks.id, input.artworkId), eq(artworks.userId, userId)));
      if (!own) fieldErrors.artworkId = [ARTWORK_TO_SHARE_NOT_FOUND];
    }

    const media = existing ? await tx.select().from(socialPostMedia).where(eq(socialPostMedia.postId, existing.id)) : [];
    const mediaIds = [...new Set(input.mediaIds)];
    if (mediaIds.some((id) => !media.some((m) => m.id === id)))
      fieldErrors.mediaIds = ['A file of this post was not found. Upload it again.'];
    const altTexts = input.altTexts ?? {};
    // One video, never with images, and one Bluesky takes (kind, size, length, alt text).
    const videoProblems = postVideoProblems(
      mediaIds
        .flatMap((id) => media.filter((m) => m.id === id))
        .map((m) => ({
          name: m.fileName,
          type: m.contentType,
          size: m.fileSizeBytes,
          durationMs: m.durationMs,
          altText: altTexts[m.id] ?? m.altText,
        })),
    );
    if (videoProblems.length) fieldErrors.mediaIds = [...(fieldErrors.mediaIds ?? []), ...videoProblems];
    if (Object.keys(altTexts).some((id) => !mediaIds.includes(id)))
      fieldErrors.altTexts = ['Alt text was given for a file that is not in the post.'];
    const strangers = Object.keys(input.mats ?? {}).filter((id) => !mediaIds.includes(id));
    if (strangers.length) fieldErrors.mats = strangers.map((id) => `A mat was given for ${id}, which is not a file of this post.`);

    const values = {
      content: input.content,
      threadBreaks: input.threadBreaks,
      labels: input.labels,
      langs: input.langs ?? (existing?.langs.length ? existing.langs : await defaultLangsOf(tx, userId)),
      hashtags: input.hashtags.map((t) => t.trim()),
      mentions: input.mentions.map((m) => m.trim()),
      location: input.location ?? null,
      accounts,
      dateScheduled: schedule === null ? null : new Date(schedule),
      // Left out (undefined): an update keeps the artwork it was shared from.
      ...(input.artworkId !== undefined ? { artworkId: input.artworkId } : {}),
      ...(input.linkCard !== undefined ? { linkCard: storedLinkCard(input.linkCard, input.content) } : {}),
      ...(input.linkCardRemoved !== undefined ? { linkCardRemoved: input.linkCardRemoved } : {}),
    };
    const kept = media.filter((m) => mediaIds.includes(m.id));
    if (schedule !== null) {
      // A video is media too: a post of a video alone needs no text.
      Object.assign(fieldErrors, publishProblems(values, kept.filter((m) => isImage(m) || isVideoType(m.contentType)).length));
    }
    // A post that goes out (saved as not a draft, or scheduled) must suit each chosen network. A new scheduled draft
    // cannot have files yet (the editor uploads them to the draft it creates): the save that lists them checks them.
    if (schedule !== null || input.isDraft === false) {
      const problems = postNetworkProblems({ ...values, accounts }, kept, { files: existing !== undefined || input.isDraft === false });
      for (const [field, messages] of Object.entries(problems)) fieldErrors[field] = [...(fieldErrors[field] ?? []), ...messages];
    }
    if (Object.keys(fieldErrors).length) throw new Invalid(VALIDATION_MESSAGE, { fieldErrors });

    const [post] = existing
      ? await tx
          .update(socialPosts)
          .set({ ...values, updatedAt: sql`now()` })
          .where(eq(socialPosts.id, existing.id))
          .returning()
      : await tx
          .insert(socialPosts)
          .values({ ...values, userId })
          .returning();

    const removed = media.filter((m) => !mediaIds.includes(m.id));
    if (removed.length) {
      await tx
        .delete(socialPostMedia)
        .where(and(eq(socialPostMedia.postId, post.id), mediaIds.length ? notInArray(socialPostMedia.id, mediaIds) : undefined));
    }
    for (const [position, id] of mediaIds.entries()) {
      const current = media.find((m) => m.id === id)!;
      const altText = altTexts[id] ?? current.altText;
      // Mats left out: each file keeps its own; given: a file missing from them is on white.
      const mat = input.mats ? (input.mats[id] ?? DEFAULT_MAT) : current.mat;
      if (current.position !== position || current.altText !== altText || current.mat !== mat) {
        await tx.update(socialPostMedia).set({ position, altText, mat }).where(eq(socialPostMedia.id, id));
      }
    }
    return { post, removedKeys: removed.flatMap((m) => [m.storageKey, ...(m.previewKey ? [m.previewKey] : [])]) };
  });
}
