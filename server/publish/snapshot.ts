/** What a published portfolio shows, frozen when the artist pressed Publish. Only public portfolio content. */
export interface PublishedSnapshot {
  /** The folder of this snapshot's images: published/<slug>/<version>/. */
  version: number;
  /** The artist's name, or '' when they have none. */
  artist: string;
  artworks: PublishedArtwork[];
}

export interface PublishedArtwork {
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
