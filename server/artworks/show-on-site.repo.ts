import { sql } from 'drizzle-orm';
import { artworks } from '../db/schema';

// The rule of show-on-site.ts as SQL, for the queries that list what the site shows.

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
