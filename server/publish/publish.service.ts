import { randomBytes } from 'node:crypto';
import { desc, eq, sql } from 'drizzle-orm';
import { saleStatusLabel } from '../../src/schemas/artwork.schema';
import type { Publication, PublishResult } from '../../src/schemas/publish.schema';
import { displayNameOf } from '../../src/schemas/user.schema';
import type { AppDeps } from '../context';
import type { Db } from '../db/database';
import { artworkMedia, artworks, publications, users } from '../db/schema';
import { deleteFiles } from '../storage/delete-files';
import { isMissingFile } from '../storage/faults';
import { VARIANTS } from '../media/media.variants';
import { fitInside, formatDimensions } from './format';
import type { PublishedArtwork, PublishedSnapshot } from './snapshot';

const SLUG_ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';
export const SLUG_PATTERN = /^[a-z2-7]{10}$/;
const COPY_CONCURRENCY = 8;

/** 10 random base-32 characters (50 bits): a stable address nobody can guess or enumerate. */
const newSlug = () => Array.from(randomBytes(10), (b) => SLUG_ALPHABET[b & 31]).join('');

export const imageKey = (slug: string, version: number, file: string) => `published/${slug}/${version}/${file}`;
/** The public address of a snapshot's image; the version is in the name, so each address always holds the same bytes. */
export const imagePath = (slug: string, version: number, file: string) => `/p/${slug}/images/${version}-${file}`;
export const portfolioUrl = (appUrl: string, slug: string) => `${appUrl}/p/${slug}`;

const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
};

/** Each publish claims the next version number (and with it its own folder); the slug is made on the first. */
async function claimVersion(db: Db, userId: string): Promise<{ slug: string; version: number }> {
  for (let attempt = 0; ; attempt++) {
    try {
      const [row] = await db
        .insert(publications)
        .values({ userId, slug: newSlug(), version: 1 })
        .onConflictDoUpdate({ target: publications.userId, set: { version: sql`${publications.version} + 1` } })
        .returning({ slug: publications.slug, version: publications.version });
      return row;
    } catch (err) {
      // Another artist has this slug already (1 in 2^50 per artist): draw again.
      if (!isUniqueViolation(err) || attempt >= 3) throw err;
    }
  }
}

async function inBatches<T>(items: T[], size: number, fn: (item: T) => Promise<void>) {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(fn));
}

/**
 * Publishes the artist's portfolio as a snapshot: the public fields of every artwork, newest first, and a copy of
 * each primary image's large WebP (already oriented and free of metadata) under published/<slug>/<version>/. The
 * previous version's files are deleted once the new one is live. Later edits show only after publishing again.
 */
export async function publishPortfolio(deps: AppDeps, userId: string): Promise<PublishResult> {
  const { db, storage } = deps;
  const { slug, version } = await claimVersion(db, userId);
  const [user] = await db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, userId));
  const rows = await db
    .select({
      artwork: artworks,
      large: sql<string | null>`${artworkMedia.variants}->>'large'`,
      width: artworkMedia.width,
      height: artworkMedia.height,
    })
    .from(artworks)
    .leftJoin(artworkMedia, eq(artworkMedia.id, artworks.primaryImageMediaId))
    .where(eq(artworks.userId, userId))
    .orderBy(desc(artworks.createdAt), desc(artworks.id));

  const copies: Array<{ from: string; to: string; artwork: PublishedArtwork }> = [];
  const published: PublishedArtwork[] = rows.map(({ artwork, large, width, height }, i) => {
    const entry: PublishedArtwork = {
      id: artwork.id,
      title: artwork.title,
      year: artwork.year,
      medium: artwork.medium,
      description: artwork.description,
      tags: artwork.tags,
      dimensions: formatDimensions(artwork.dimensions),
      saleStatus: saleStatusLabel(artwork.saleStatus),
      image: null,
    };
    if (large && width && height) {
      const file = `${i + 1}.webp`;
      entry.image = { file, ...fitInside(width, height, VARIANTS.large.width) };
      copies.push({ from: large, to: imageKey(slug, version, file), artwork: entry });
    }
    return entry;
  });
  const snapshot: PublishedSnapshot = { version, artist: user ? displayNameOf(user) : '', artworks: published };
  const ours = copies.map((c) => c.to);

  let outcome: { previous: PublishedSnapshot | null; current: PublishedSnapshot; publishedAt: Date };
  try {
    await inBatches(copies, COPY_CONCURRENCY, async (c) => {
      try {
        await storage.copy(c.from, c.to);
      } catch (err) {
        // The image was deleted meanwhile: the artwork is published without it.
        if (!isMissingFile(err)) throw err;
        c.artwork.image = null;
      }
    });
    outcome = await db.transaction(async (tx) => {
      const [row] = await tx.select().from(publications).where(eq(publications.userId, userId)).for('update');
      // A publish that began later finished first: it is the newer snapshot, and this one is dropped.
      if (row.snapshot && row.snapshot.version > version)
        return { previous: snapshot, current: row.snapshot, publishedAt: row.publishedAt! };
      const [saved] = await tx
        .update(publications)
        .set({ snapshot, publishedAt: sql`now()` })
        .where(eq(publications.userId, userId))
        .returning({ publishedAt: publications.publishedAt });
      return { previous: row.snapshot, current: snapshot, publishedAt: saved.publishedAt! };
    });
  } catch (err) {
    await deleteFiles(deps, ours);
    throw err;
  }
  if (outcome.previous) await deleteFiles(deps, snapshotFiles(slug, outcome.previous));
  return {
    url: portfolioUrl(deps.config.appUrl, slug),
    publishedAt: outcome.publishedAt.toISOString(),
    artworkCount: outcome.current.artworks.length,
  };
}

/** The storage keys of a snapshot's images. */
export const snapshotFiles = (slug: string, s: PublishedSnapshot) =>
  s.artworks.flatMap((a) => (a.image ? [imageKey(slug, s.version, a.image.file)] : []));

/** The live snapshot at a slug and whose portfolio it is, or null. */
export async function findPublication(db: Db, slug: string) {
  if (!SLUG_PATTERN.test(slug)) return null;
  const [row] = await db
    .select({ userId: publications.userId, snapshot: publications.snapshot, publishedAt: publications.publishedAt })
    .from(publications)
    .where(eq(publications.slug, slug));
  return row?.snapshot && row.publishedAt ? { userId: row.userId, snapshot: row.snapshot, publishedAt: row.publishedAt } : null;
}

/** The version of the live snapshot at a slug (whose image folder is the only one served), or null. */
export async function findPublishedVersion(db: Db, slug: string): Promise<number | null> {
  if (!SLUG_PATTERN.test(slug)) return null;
  const [row] = await db
    .select({ version: sql<number | null>`(${publications.snapshot}->>'version')::int` })
    .from(publications)
    .where(eq(publications.slug, slug));
  return row?.version ?? null;
}

/** Where and when the artist's portfolio was last published, or null before the first publish. */
export async function lastPublication(deps: AppDeps, userId: string): Promise<Publication> {
  const [row] = await deps.db
    .select({ slug: publications.slug, publishedAt: publications.publishedAt })
    .from(publications)
    .where(eq(publications.userId, userId));
  // A first publish still copying its images has claimed a slug but published nothing yet.
  return row?.publishedAt ? { url: portfolioUrl(deps.config.appUrl, row.slug), publishedAt: row.publishedAt.toISOString() } : null;
}
