import type { PublishPreview } from '../../src/schemas/publish.schema';
import type { Db } from '../db/database';
import { storedSnapshot } from './publication.repo';
import { siteArtwork, siteCollections } from './publish.service';
import { saleFacts } from './sale-facts';
import { piecesByArtwork, publishedArtworks, visibleCollections } from './site-snapshot.repo';
import { readSnapshot, type SiteArtwork, type SiteCollection } from './snapshot';

/** What a visitor reads of an artwork, to tell whether publishing changes it (where it was posted aside). */
const artworkFace = (a: SiteArtwork, hasImage: boolean) =>
  JSON.stringify([
    a.title,
    a.year,
    a.medium,
    a.description,
    a.tags,
    a.dimensions,
    a.saleStatus,
    a.price ?? null,
    a.edition ?? null,
    hasImage,
  ]);
const collectionFace = (c: SiteCollection) =>
  JSON.stringify([c.title, c.description, c.visibility, c.tags, c.coverArtworkId, c.artworkIds]);

function compare<T extends { id: string }>(next: T[], live: T[], face: (item: T, live: boolean) => string) {
  const before = new Map(live.map((item) => [item.id, face(item, true)]));
  const after = new Set(next.map((item) => item.id));
  return {
    added: next.filter((item) => !before.has(item.id)).length,
    updated: next.filter((item) => before.has(item.id) && before.get(item.id) !== face(item, false)).length,
    removed: live.filter((item) => !after.has(item.id)).length,
  };
}

/**
 * A dry run of publishing: the snapshot it would write (the same artworks and collections publishPortfolio reads),
 * compared with the live one, without writing anything.
 */
export async function previewPublish(db: Db, userId: string): Promise<PublishPreview> {
  const [{ rows }, found, pieces, stored] = await Promise.all([
    publishedArtworks(db, userId),
    visibleCollections(db, userId),
    piecesByArtwork(db, userId),
    storedSnapshot(db, userId),
  ]);
  const live = stored ? readSnapshot(stored) : null;
  const withImage = new Set(rows.filter((r) => r.preview && r.sm && r.large).map((r) => r.artwork.id));
  const next = rows.map((r) => siteArtwork(r.artwork, [], saleFacts(r.artwork, pieces.get(r.artwork.id) ?? [])));
  const byId = new Map(rows.map((r) => [r.artwork.id, r.artwork]));
  return {
    firstPublish: live === null,
    works: compare(next, live?.artworks ?? [], (a, isLive) => artworkFace(a, isLive ? a.image !== null : withImage.has(a.id))),
    collections: compare(siteCollections(found, byId), live?.collections ?? [], collectionFace),
  };
}
