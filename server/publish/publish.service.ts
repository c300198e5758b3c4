import type { Publication, PublishResult } from '../../src/schemas/publish.schema';
import { isSlugShaped } from '../../src/schemas/slug.schema';
import { displayNameOf } from '../../src/schemas/user.schema';
import type { AppDeps } from '../context';
import type { Db } from '../db/database';
import { deleteFiles } from '../storage/delete-files';
import { claimVersion } from './address';
import { collectionOrder } from './collection-order';
import { creditOf, exifOf, xmpOf } from './copyright';
import { formatDimensions } from './format';
import { lockPublication, publicationAddress, publicationAtSlug, publishedImagesAtSlug, saveLiveSnapshot } from './publication.repo';
import { imageJob, imageKey, type ImageJob, publishImages } from './publish-images';
import {
  type ArtworkRow,
  artworkImages,
  piecesByArtwork,
  postedDeliveries,
  publicProfile,
  publishedArtworks,
  visibleCollections,
} from './site-snapshot.repo';
import { saleFacts } from './sale-facts';
import { galleryJobs, imagesOf, siteProfileOf } from './site-extras';
import { readSnapshot, type SiteArtwork, type SiteCollection, type SiteSnapshot } from './snapshot';

export { imageKey } from './publish-images';

/** The public address of a snapshot's image; the version is in the name, so each address always holds the same bytes. */
export const imagePath = (slug: string, version: number, file: string) => `/p/${slug}/images/${version}-${file}`;
export const portfolioUrl = (appUrl: string, slug: string) => `${appUrl}/p/${slug}`;

/** The public fields of an artwork; its image is set once its files are written. */
export const siteArtwork = (a: ArtworkRow, posts: SiteArtwork['posts'], sale: ReturnType<typeof saleFacts>): SiteArtwork => ({
  id: a.id,
  title: a.title,
  year: a.year,
  medium: a.medium,
  description: a.description,
  tags: a.tags,
  dimensions: formatDimensions(a.dimensions),
  ...sale,
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
 * site (publishedArtworks: the artist's choice, server/artworks/show-on-site.ts) newest first with its facts, every image and where it was posted, the public and unlisted collections in display order, the
 * artist's bio, links and avatar, and each image in its published sizes under published/<folder>/<version>/, credited
 * to the artist. With `slug`, at that address (address.ts). The previous version's files are deleted once the new one
 * is live. Later edits show only after publishing again.
 */
export async function publishPortfolio(deps: AppDeps, userId: string, wantedSlug?: string): Promise<PublishResult> {
  const { db } = deps;
  const { slug, folder, version, previousSlug } = await claimVersion(db, userId, wantedSlug);
  const [{ user, rows }, found, posted, profileRow, images, pieces] = await Promise.all([
    publishedArtworks(db, userId),
    visibleCollections(db, userId),
    postedDeliveries(db, userId),
    publicProfile(db, userId),
    artworkImages(db, userId),
    piecesByArtwork(db, userId),
  ]);
  const artist = user ? displayNameOf(user) : '';
  const credit = creditOf(artist, new Date().getUTCFullYear());
  const byId = new Map(rows.map((r) => [r.artwork.id, r.artwork]));

  const jobs: ImageJob[] = [];
  const published = rows.map(({ artwork, preview, sm, medium, large }, i) => {
    const posts = posted
      .filter((p) => p.artworkId === artwork.id)
      .map((p) => ({ platform: p.platform, handle: p.handle, url: p.url, postedAt: p.postedAt.toISOString() }));
    const entry = siteArtwork(artwork, posts, saleFacts(artwork, pieces.get(artwork.id) ?? []));
    const job = imageJob(
      String(i + 1),
      artwork.title.trim() || 'Untitled',
      { preview, sm, medium, large },
      (image) => (entry.image = image),
    );
    if (job) jobs.push(job);
    return entry;
  });
  const gallery = galleryJobs(
    published.map((entry, i) => ({ entry, n: i + 1, primaryId: rows[i].artwork.primaryImageMediaId })),
    images,
  );
  const { profile, job: avatarJob } = siteProfileOf(profileRow);
  jobs.push(...gallery.jobs, ...(avatarJob ? [avatarJob] : []));
  const snapshot: SiteSnapshot = {
    format: 2,
    version,
    artist,
    copyright: credit.notice,
    artworks: published,
    collections: siteCollections(found, byId),
    profile,
  };

  const written: string[] = [];
  let outcome: { previous: SiteSnapshot | null; current: SiteSnapshot; publishedAt: Date };
  try {
    await publishImages(deps, { folder, version, exif: exifOf(credit), xmp: xmpOf(credit), written }, jobs);
    gallery.finish();
    outcome = await db.transaction(async (tx) => {
      const row = (await lockPublication(tx, userId))!;
      const live = row.snapshot ? readSnapshot(row.snapshot) : null;
      // A publish that began later finished first: it is the newer snapshot, and this one is dropped.
      if (live && live.version > version) return { previous: snapshot, current: live, publishedAt: row.publishedAt! };
      const publishedAt = await saveLiveSnapshot(tx, userId, snapshot);
      return { previous: live, current: snapshot, publishedAt: publishedAt! };
    });
  } catch (err) {
    await deleteFiles(deps, written);
    throw err;
  }
  if (outcome.previous) await deleteFiles(deps, snapshotFiles(folder, outcome.previous));
  return {
    url: portfolioUrl(deps.config.appUrl, slug),
    publishedAt: outcome.publishedAt.toISOString(),
    artworkCount: outcome.current.artworks.length,
    slug,
    ...(previousSlug ? { previousUrl: portfolioUrl(deps.config.appUrl, previousSlug) } : {}),
  };
}

/** The storage keys of every file of a snapshot: each size of each image of its artworks and of the avatar. */
export const snapshotFiles = (folder: string, s: SiteSnapshot) =>
  imagesOf(s.artworks, s.profile).flatMap((image) => image.files.map((f) => imageKey(folder, s.version, f.file)));

/** The live snapshot at a slug and whose portfolio it is, or null. */
export async function findPublication(db: Db, slug: string) {
  if (!isSlugShaped(slug)) return null;
  const row = await publicationAtSlug(db, slug);
  return row?.snapshot && row.publishedAt
    ? { userId: row.userId, snapshot: readSnapshot(row.snapshot), publishedAt: row.publishedAt }
    : null;
}

/** The version of the live snapshot at a slug (whose image folder is the only one served), or null. */
export async function findPublishedVersion(db: Db, slug: string): Promise<number | null> {
  return (await findPublishedImages(db, slug))?.version ?? null;
}

/** Where the live snapshot's images are: its version and the publication's storage folder; null when none is live. */
export async function findPublishedImages(db: Db, slug: string): Promise<{ version: number; folder: string } | null> {
  if (!isSlugShaped(slug)) return null;
  const row = await publishedImagesAtSlug(db, slug);
  return row?.version ? { version: row.version, folder: row.folder } : null;
}

/** Where and when the artist's portfolio was last published, or null before the first publish. */
export async function lastPublication(deps: AppDeps, userId: string): Promise<Publication> {
  const row = await publicationAddress(deps.db, userId);
  // A first publish still copying its images has claimed a slug but published nothing yet.
  return row?.publishedAt
    ? { url: portfolioUrl(deps.config.appUrl, row.slug), publishedAt: row.publishedAt.toISOString(), slug: row.slug }
    : null;
}
