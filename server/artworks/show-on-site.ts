import { sql } from 'drizzle-orm';
import type { ShowOnSiteReason } from '../../src/schemas/artwork.schema';
import { artworks } from '../db/schema';

/**
 * The artwork sits in at least one collection and every one of them is private: kept out of the public site until
 * the artist shows it. Written against the `artworks` table of the query it is used in, named in full: drizzle
 * writes a column bare, which inside the subquery would name the collection's own id.
 */
export const onlyInPrivateSql = sql<boolean>`(exists (select 1 from collection_artworks ca where ca.artwork_id = "artworks"."id")
  and not exists (select 1 from collection_artworks ca join collections c on c.id = ca.collection_id
    where ca.artwork_id = "artworks"."id" and c.visibility <> 'private'))`;

/** Whether the next publish shows the artwork: the artist's choice, else it has a picture and is not only in private collections. */
export const shownOnSiteSql = sql<boolean>`coalesce(${artworks.showOnSite}, ${artworks.primaryImageMediaId} is not null and not ${onlyInPrivateSql})`;

/** The same rule for one artwork read with `onlyInPrivate` (the DTO's showOnSite and why). */
export function showOnSiteOf(
  row: { showOnSite: boolean | null; primaryImageMediaId: string | null },
  onlyInPrivate: boolean,
): { showOnSite: boolean; showOnSiteWhy: ShowOnSiteReason } {
  if (row.showOnSite !== null) return { showOnSite: row.showOnSite, showOnSiteWhy: 'chosen' };
  if (!row.primaryImageMediaId) return { showOnSite: false, showOnSiteWhy: 'noPicture' };
  if (onlyInPrivate) return { showOnSite: false, showOnSiteWhy: 'onlyPrivateCollections' };
  return { showOnSite: true, showOnSiteWhy: 'hasPicture' };
}
