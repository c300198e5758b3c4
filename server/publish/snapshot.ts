/**
 * Format 1, written before the public site had pages per artwork and collections: still stored in databases that
 * have not published since, so it is read (and upgraded by readSnapshot) but never written.
 */
export interface PublishedSnapshot {
  /** The folder of this snapshot's images: published/<slug>/<version>/. */
  version: number;
  /** The artist's name, or '' when they have none. */
  artist: string;
  artworks: PublishedArtwork[];
}

export interface PublishedArtwork {
  /** The artwork's id (written since inquiries arrived, so a form can name the artwork it is about). */
  id?: string;
  title: string;
  year: number | null;
  medium: string;
  description: string;
  tags: string[];
  /** Formatted with units, e.g. '24 × 36 in' or '1920 × 1080 px, 2:05'. */
  dimensions: string;
  /** 'Available', 'Sold' or 'Not For Sale'. */
  saleStatus: string;
  /** The image's file within the version folder ('3.webp'), with its size, or null when the artwork has none. */
  image: { file: string; width: number; height: number } | null;
}

/**
 * The public site's snapshot (format 2), frozen when the artist presses Publish: every artwork with its own page, the
 * public and unlisted collections (never the private ones), and where each artwork was posted. Publishing writes a
 * whole new version and swaps it in one transaction, so a visitor sees either the old site or the new one.
 */
export interface SiteSnapshot {
  format: 2;
  /** The folder of this snapshot's images: published/<slug>/<version>/. */
  version: number;
  /** The artist's name, or '' when they have none. */
  artist: string;
  /** The notice stamped into every published image and shown in the footer, e.g. '© 2026 Ada Lovelace'. */
  copyright: string;
  /** Newest first, as the artist's page lists them. */
  artworks: SiteArtwork[];
  /** In the artist's order (newest first). */
  collections: SiteCollection[];
  /** What the artist says about themselves, shown on the home; absent in snapshots published before they could. */
  profile?: SiteProfile;
}

/** The artist's words and links on the home: '' where they wrote nothing. */
export interface SiteProfile {
  bio: string;
  /** An http(s) address. */
  website: string;
  /** The address visitors may write to (never the account's, unless the artist typed it here). */
  email: string;
  /** Instagram username and Bluesky handle, without '@'. */
  instagram: string;
  bluesky: string;
  /** Their avatar (one square file), or null. */
  avatar: SiteImage | null;
}

export interface SiteArtwork {
  /** The artwork's id: its page is <site>/artworks/<id>, the same address across publishes. */
  id: string;
  title: string;
  year: number | null;
  medium: string;
  description: string;
  tags: string[];
  /** Formatted with units, e.g. '24 × 36 in' or '1920 × 1080 px, 2:05'. */
  dimensions: string;
  /** 'Available', 'Reserved', 'Sold' or 'Not For Sale' (server/publish/sale-facts.ts): a work on hold is never Available. */
  saleStatus: string;
  /** What the site says of the price ('EUR 1,250.00', 'Price on request'); null or absent (older snapshots): nothing. */
  price?: string | null;
  /** 'Edition of 25 + 2 AP, 3 available'; null or absent: a unique work. */
  edition?: string | null;
  image: SiteImage | null;
  /**
   * Its other images, in the order of its Media tab (the primary one is `image`); absent in snapshots published before
   * the site showed them.
   */
  gallery?: SiteImage[];
  /** Where the artwork was posted (posts shared from it that went out), newest first. */
  posts: Array<{ platform: string; handle: string; url: string; postedAt: string }>;
}

export interface SiteImage {
  /** Text for `alt`: the artwork's title. */
  alt: string;
  /** The same picture in each published size, narrowest first (for srcset); each file is in the version folder. */
  files: Array<{ file: string; width: number; height: number }>;
}

export interface SiteCollection {
  /** Its page is <site>/collections/<id>. */
  id: string;
  title: string;
  description: string;
  /** 'unlisted' ones are reachable by their address only: never listed on the artist's page or in the sitemap. */
  visibility: 'public' | 'unlisted';
  tags: string[];
  /** The artwork shown for the collection; null when it has none (the first artwork's image may stand in). */
  coverArtworkId: string | null;
  /** In display order: the collection's sort applied, or its manual order. Ids of artworks in this snapshot. */
  artworkIds: string[];
}

/** What a publication row may hold: a format 1 snapshot has no `format` field. */
export type StoredSnapshot = PublishedSnapshot | SiteSnapshot;

const isSiteSnapshot = (s: StoredSnapshot): s is SiteSnapshot => (s as SiteSnapshot).format === 2;

/**
 * A stored snapshot as format 2. Format 1 is upgraded: each artwork gets its 1-based place as its id (its only page
 * is the artist's page, so the id is never an address anyone kept), its one image file, no posts; no collections and
 * no copyright notice (its images carry none).
 */
export function readSnapshot(json: unknown): SiteSnapshot {
  const stored = json as StoredSnapshot;
  if (isSiteSnapshot(stored)) return stored;
  return {
    format: 2,
    version: stored.version,
    artist: stored.artist,
    copyright: '',
    artworks: stored.artworks.map(({ image, ...a }, i) => ({
      id: String(i + 1),
      ...a,
      image: image ? { alt: a.title.trim() || 'Untitled', files: [image] } : null,
      posts: [],
    })),
    collections: [],
  };
}
