import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { publications } from '../db/schema';
import { SLUG_PATTERN } from '../publish/publish.service';
import type { PublishedSnapshot, SiteSnapshot } from '../publish/snapshot';

const live = (slug: string) => and(eq(publications.slug, slug), isNotNull(publications.publishedAt));

/** The version of the live snapshot at a slug, or null: all a revalidation or a cached page needs to read. */
export async function findLiveVersion(db: Db, slug: string): Promise<number | null> {
  if (!SLUG_PATTERN.test(slug)) return null;
  const [row] = await db
    .select({ version: sql<number | null>`(${publications.snapshot}->>'version')::int` })
    .from(publications)
    .where(live(slug));
  return row?.version ?? null;
}

/** The live snapshot at a slug as it was stored (format 2, or an earlier publish's format 1), or null. */
export async function findLiveSnapshot(db: Db, slug: string) {
  if (!SLUG_PATTERN.test(slug)) return null;
  const [row] = await db
    .select({ snapshot: publications.snapshot, publishedAt: publications.publishedAt })
    .from(publications)
    .where(live(slug));
  if (!row?.snapshot || !row.publishedAt) return null;
  return { snapshot: row.snapshot as unknown as PublishedSnapshot | SiteSnapshot, publishedAt: row.publishedAt };
}
