import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { saleStatusLabel } from '../../src/schemas/artwork.schema';
import type { Publication, PublishResult } from '../../src/schemas/publish.schema';
import { displayNameOf } from '../../src/schemas/user.schema';
import type { AppDeps } from '../context';
import type { Db } from '../db/database';
import { publications } from '../db/schema';
import { deleteFiles } from '../storage/delete-files';
import { collectionOrder } from './collection-order';
import { creditOf, exifOf, xmpOf } from './copyright';
import { formatDimensions } from './format';
import { type ArtworkRow, postedDeliveries, publishedArtworks, visibleCollections } from './site-snapshot.repo';
import { readSnapshot, type SiteArtwork, type SiteCollection, type SiteImage, type SiteSnapshot } from './snapshot';
import { withWebpMetadata } from './webp-metadata';

const SLUG_ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';
export const SLUG_PATTERN = /^[a-z2-7]{10}$/;
/** Images read, credited and written at once: each holds its four variants in memory (a few hundred KB). */
const IMAGE_CONCURRENCY = 8;

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
 * The published sizes of a primary image (for srcset), narrowest first: `<n>-xs.webp` (within 400 px: a grid tile on a
 * phone), `<n>-sm.webp` (600), `<n>-md.webp` (960: the artwork's picture on a phone) and `<n>-lg.webp` (1600). An
 * optional size may be missing (images uploaded before the `medium` variant existed): srcset then offers the next.
 */
const PUBLISHED_SIZES = [
  { suffix: 'xs', variant: 'preview', optional: false },
  { suffix: 'sm', variant: 'sm', optional: false },
  { suffix: 'md', variant: 'medium', optional: true },
  { suffix: 'lg', variant: 'large', optional: false },
] as const;

interface ImageJob {
  artwork: SiteArtwork;
  /** The artwork's place in the snapshot, 1-based: its files are named by it, never by an id. */
  n: number;
  sources: Array<{ suffix: string; key: string }>;
}

/** The stored variant's bytes, or null when the image was deleted meanwhile. */
async function readVariant(deps: AppDeps, key: string): Promise<Buffer | null> {
  const object = await deps.storage.read(key);
  return object ? Buffer.concat(await object.body.toArray()) : null;
}

/**
 * Writes one artwork's published sizes, each credited to the artist (EXIF and XMP spliced in, the picture untouched),
 * and sets its image. A size no larger than the narrower one is left out (a small image is published once). An image
 * deleted meanwhile leaves the artwork without one.
 */
async function publishImage(deps: AppDeps, slug: string, version: number, job: ImageJob, exif: Buffer, xmp: string, written: string[]) {
  const sources = await Promise.all(job.sources.map(async (s) => ({ ...s, bytes: await readVariant(deps, s.key) })));
  const files: Array<SiteImage['files'][number] & { data: Buffer }> = [];
  for (const source of sources) {
    if (!source.bytes) return;
    const stamped = withWebpMetadata(source.bytes, exif, xmp);
    const last = files.at(-1);
    if (last && last.width >= stamped.width && last.height >= stamped.height) continue;
    files.push({ file: `${job.n}-${source.suffix}.webp`, ...stamped });
  }
  await Promise.all(
    files.map((f) => {
      const key = imageKey(slug, version, f.file);
      written.push(key);
      return deps.storage.put(key, f.data, 'image/webp');
    }),
  );
  job.artwork.image = {
    alt: job.artwork.title.trim() || 'Untitled',
    files: files.map(({ file, width, height }) => ({ file, width, height })),
  };
}

/** The public fields of an artwork; its image is set once its files are written. */
export const siteArtwork = (a: ArtworkRow, posts: SiteArtwork['posts']): SiteArtwork => ({
  id: a.id,
  title: a.title,
  year: a.year,
  medium: a.medium,
  description: a.description,
  tags: a.tags,
  dimensions: formatDimensions(a.dimensions),
  saleStatus: saleStatusLabel(a.saleStatus),
  image: null,
  posts,
});

/** The public and unlisted collections as the site shows them, holding only the artworks published with them. */
export const siteCollections = (found: Awaited<ReturnType<typeof visibleCollections>>, byId: Map<string, ArtworkRow>): SiteCollection[] =>
  found.map((c) => ({
    id: c.id,
    title: c.title,
    description: c.description,
    visibility: c.visibility as 'public' | 'unlisted',
    tags: c.tags,
    coverArtworkId: c.coverArtworkId && byId.has(c.coverArtworkId) ? c.coverArtworkId : null,
    artworkIds: collectionOrder(c.artworkIds, c.sortField, c.sortDirection, byId),
  }));

/**
 * Publishes the artist's public site as a snapshot (format 2, server/publish/snapshot.ts): every artwork shown on the
 * site (publishedArtworks) newest first with its facts and where it was posted, the public and unlisted collections in display order, and each primary
 * image in its published sizes under published/<slug>/<version>/, credited to the artist. The previous version's files are
 * deleted once the new one is live. Later edits show only after publishing again.
 */
export async function publishPortfolio(deps: AppDeps, userId: string): Promise<PublishResult> {
  const { db } = deps;
  const { slug, version } = await claimVersion(db, userId);
  const [{ user, rows }, found, posted] = await Promise.all([
    publishedArtworks(db, userId),
    visibleCollections(db, userId),
    postedDeliveries(db, userId),
  ]);
  const artist = user ? displayNameOf(user) : '';
  const credit = creditOf(artist, new Date().getUTCFullYear());
  const byId = new Map(rows.map((r) => [r.artwork.id, r.artwork]));

  const jobs: ImageJob[] = [];
  const published = rows.map(({ artwork, preview, sm, medium, large }, i) => {
    const posts = posted
      .filter((p) => p.artworkId === artwork.id)
      .map((p) => ({ platform: p.platform, handle: p.handle, url: p.url, postedAt: p.postedAt.toISOString() }));
    const entry = siteArtwork(artwork, posts);
    const keys = { preview, sm, medium, large };
    const sizes = PUBLISHED_SIZES.filter((s) => keys[s.variant] || !s.optional);
    if (sizes.every((s) => keys[s.variant]))
      jobs.push({ artwork: entry, n: i + 1, sources: sizes.map((s) => ({ suffix: s.suffix, key: keys[s.variant]! })) });
    return entry;
  });
  const snapshot: SiteSnapshot = {
    format: 2,
    version,
    artist,
    copyright: credit.notice,
    artworks: published,
    collections: siteCollections(found, byId),
  };

  const ours: string[] = [];
  let outcome: { previous: SiteSnapshot | null; current: SiteSnapshot; publishedAt: Date };
  try {
    const exif = exifOf(credit);
    const xmp = xmpOf(credit);
    await inBatches(jobs, IMAGE_CONCURRENCY, (job) => publishImage(deps, slug, version, job, exif, xmp, ours));
    outcome = await db.transaction(async (tx) => {
      const [row] = await tx.select().from(publications).where(eq(publications.userId, userId)).for('update');
      const live = row.snapshot ? readSnapshot(row.snapshot) : null;
      // A publish that began later finished first: it is the newer snapshot, and this one is dropped.
      if (live && live.version > version) return { previous: snapshot, current: live, publishedAt: row.publishedAt! };
      const [saved] = await tx
        .update(publications)
        .set({ snapshot, publishedAt: sql`now()` })
        .where(eq(publications.userId, userId))
        .returning({ publishedAt: publications.publishedAt });
      return { previous: live, current: snapshot, publishedAt: saved.publishedAt! };
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

/** The storage keys of every file of a snapshot: each size of each artwork's image. */
export const snapshotFiles = (slug: string, s: SiteSnapshot) =>
  s.artworks.flatMap((a) => (a.image ? a.image.files.map((f) => imageKey(slug, s.version, f.file)) : []));

/** The live snapshot at a slug and whose portfolio it is, or null. */
export async function findPublication(db: Db, slug: string) {
  if (!SLUG_PATTERN.test(slug)) return null;
  const [row] = await db
    .select({ userId: publications.userId, snapshot: publications.snapshot, publishedAt: publications.publishedAt })
    .from(publications)
    .where(eq(publications.slug, slug));
  return row?.snapshot && row.publishedAt
    ? { userId: row.userId, snapshot: readSnapshot(row.snapshot), publishedAt: row.publishedAt }
    : null;
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
