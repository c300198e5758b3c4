import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { Db } from '../../server/db/database';
import { publications, users } from '../../server/db/schema';
import type { PublishedSnapshot, SiteArtwork, SiteCollection, SiteImage, SiteSnapshot } from '../../server/publish/snapshot';
import type { BlobStore } from '../../server/storage/blob-store';

/**
 * The published widths every fixture image has, narrowest first (what `w` descriptors name): a tile on a phone or a
 * laptop (400), the artwork's picture on a phone (640, for about 350 px at 1.75x) and on a laptop (960), and the
 * lightbox and link previews (1600).
 */
export const WIDTHS = [400, 640, 960, 1600];

/** An image published in each width of one shape: files '<name>-400.webp' ... '<name>-1600.webp'. */
export function siteImage(name: string, alt: string, shape: { width: number; height: number } = { width: 4, height: 3 }): SiteImage {
  return {
    alt,
    files: WIDTHS.map((w) => ({ file: `${name}-${w}.webp`, width: w, height: Math.round((w * shape.height) / shape.width) })),
  };
}

/** The boxes publishing fits each image into (server/publish: preview, sm, medium and large variants), narrowest first. */
export const PUBLISHED_BOXES = [
  { suffix: 'xs', box: 400 },
  { suffix: 'sm', box: 600 },
  { suffix: 'md', box: 960 },
  { suffix: 'lg', box: 1600 },
];

/** An image as publishing writes it: each size fitted inside its box, named '<name>-xs.webp' ... '<name>-lg.webp'. */
export function publishedImage(name: string, alt: string, shape: { width: number; height: number } = { width: 4, height: 3 }): SiteImage {
  const fit = (box: number) =>
    shape.width >= shape.height
      ? { width: box, height: Math.round((box * shape.height) / shape.width) }
      : { width: Math.round((box * shape.width) / shape.height), height: box };
  return { alt, files: PUBLISHED_BOXES.map(({ suffix, box }) => ({ file: `${name}-${suffix}.webp`, ...fit(box) })) };
}

export function siteArtwork(n: number, overrides: Partial<SiteArtwork> = {}): SiteArtwork {
  const title = overrides.title ?? `Study ${n}`;
  return {
    id: randomUUID(),
    title,
    year: 2000 + (n % 25),
    medium: ['Oil on canvas', 'Watercolour', 'Ink on paper'][n % 3],
    description: `Study number ${n}.`,
    tags: [],
    dimensions: '50 × 70 cm',
    saleStatus: ['Available', 'Sold', 'Not For Sale'][n % 3],
    image: siteImage(`a${n}`, title, n % 2 ? { width: 3, height: 4 } : { width: 4, height: 3 }),
    posts: [],
    ...overrides,
  };
}

export function siteCollection(artworks: SiteArtwork[], overrides: Partial<SiteCollection> = {}): SiteCollection {
  return {
    id: randomUUID(),
    title: 'Harbours',
    description: '',
    visibility: 'public',
    tags: [],
    coverArtworkId: null,
    artworkIds: artworks.map((a) => a.id),
    ...overrides,
  };
}

export function siteSnapshot(overrides: Partial<SiteSnapshot> = {}): SiteSnapshot {
  return { format: 2, version: 1, artist: 'Ada Lovelace', copyright: '© 2026 Ada Lovelace', artworks: [], collections: [], ...overrides };
}

/** A slug of the publishing alphabet ([a-z2-7]{10}). */
export const newSlug = () => Array.from({ length: 10 }, () => 'abcdefghijklmnopqrstuvwxyz234567'[Math.floor(Math.random() * 32)]).join('');

/** Publishes a snapshot as publishing would leave it: an artist (made when none is given) and their live snapshot. */
export async function storeSnapshot(
  db: Db,
  snapshot: SiteSnapshot | PublishedSnapshot,
  o: { slug?: string; userId?: string; publishedAt?: Date } = {},
): Promise<{ slug: string; userId: string }> {
  const slug = o.slug ?? newSlug();
  let userId = o.userId;
  if (!userId) {
    [{ id: userId }] = await db
      .insert(users)
      .values({ email: `${slug}@example.com`, passwordHash: 'x', emailVerifiedAt: new Date() })
      .returning({ id: users.id });
  }
  const row = { slug, version: snapshot.version, snapshot: snapshot as PublishedSnapshot, publishedAt: o.publishedAt ?? new Date() };
  await db
    .insert(publications)
    .values({ userId, ...row })
    .onConflictDoUpdate({ target: publications.userId, set: row });
  return { slug, userId };
}

/**
 * A picture of the given size: a gradient with a disc, and with `grain` (a noise's sigma) a photograph's texture, so
 * its WebP weighs what a photograph's does (grain 8: about 58 KB at 800 x 600, 224 KB at 1600 x 1200).
 */
export async function fixtureWebp(width: number, height: number, hue = 0, grain = 0): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},45%,35%)"/><stop offset="1" stop-color="hsl(${(hue + 60) % 360},55%,75%)"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><circle cx="${width / 3}" cy="${height / 2}" r="${width / 5}" fill="hsl(${(hue + 180) % 360},40%,55%)" opacity=".7"/></svg>`;
  const picture = sharp(Buffer.from(svg)).removeAlpha();
  if (!grain) return picture.webp({ quality: 80 }).toBuffer();
  const { data } = await picture.raw().toBuffer({ resolveWithObject: true });
  const noise = await sharp({
    create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: grain } },
  })
    .raw()
    .toBuffer();
  for (let i = 0; i < data.length; i++) data[i] = Math.max(0, Math.min(255, data[i] + noise[i] - 128));
  return sharp(data, { raw: { width, height, channels: 3 } })
    .webp({ quality: 80 })
    .toBuffer();
}

/** Writes every image file of a snapshot (pictures, galleries, avatar) where the site serves it from (published/<slug>/<version>/<file>). */
export async function storeImages(storage: BlobStore, slug: string, snapshot: SiteSnapshot, { grain = 0 } = {}): Promise<void> {
  const made = new Map<string, Buffer>();
  const pictures = [
    ...snapshot.artworks.map((a) => [a.image, ...(a.gallery ?? [])]),
    ...(snapshot.profile?.avatar ? [[snapshot.profile.avatar]] : []),
  ];
  for (const [i, images] of pictures.entries()) {
    for (const f of images.flatMap((image) => image?.files ?? [])) {
      // One picture per shape and size, shared by the artworks of that shape (a few hues for variety).
      const key = `${f.width}x${f.height}-${i % 4}`;
      if (!made.has(key)) made.set(key, await fixtureWebp(f.width, f.height, (i % 4) * 90, grain));
      await storage.put(`published/${slug}/${snapshot.version}/${f.file}`, made.get(key)!, 'image/webp');
    }
  }
}
