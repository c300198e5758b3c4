import { and, asc, count, desc, eq, getTableColumns, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { ArtworkListQuery, Dimensions } from '../../src/schemas/artwork.schema';
import type { Db } from '../db/database';
import { artworkMedia, artworks } from '../db/schema';
import { NotFound } from '../errors';
import { recordArtworkEvent } from '../journal/journal.repo';
import { measuredDimensions, withMeasured } from './measure';
import { applySaleStatus } from '../inventory/inventory.service';
import { lockArtworkPieces, refreshSaleStatus } from '../inventory/pieces.repo';
import { sellToUnknownBuyer } from '../inventory/sales.service';
import { artworkPieces } from '../db/schema';
import { type ArtworkUpdateValues, type ArtworkValues, changedFields } from './artwork.changes';
import { type AnsweredArtworkRow, type ArtworkRow, normalizeDimensions } from './artwork.dto';
import { onlyInPrivateSql } from './show-on-site.repo';

export const artworkNotFound = () => new NotFound('Artwork not found.');

/** The sort keys of the list, each matching an index (user_id, key, id), so a page is an index scan. */
const SORT_COLUMNS = {
  createdAt: artworks.createdAt,
  updatedAt: artworks.updatedAt,
  title: sql`lower(${artworks.title})`,
  year: artworks.year,
  medium: sql`lower(${artworks.medium})`,
  saleStatus: artworks.saleStatus,
} as const;

/** An artwork's columns and what its answer adds (whether it sits only in private collections). */
const answeredColumns = { ...getTableColumns(artworks), onlyInPrivate: onlyInPrivateSql };

/** `%text%` for ILIKE, with the pattern characters of the text taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

/**
 * One page of a user's artworks, sorted (id breaks ties, so pages never overlap) and filtered, and the total.
 * The page is found on (sort key, id) alone, narrow enough to walk the index or sort in memory, and only its rows are
 * then read whole. A page in the second half is counted from the end in the opposite order, so no page of 10,000
 * walks past more than half of them.
 */
export async function listArtworks(
  db: Db,
  userId: string,
  query: ArtworkListQuery,
): Promise<{ rows: AnsweredArtworkRow[]; total: number }> {
  const filters: SQL[] = [eq(artworks.userId, userId)];
  const q = query.q?.trim();
  // The artist finds a work by its title, its medium or their own catalogue number.
  if (q)
    filters.push(
      or(ilike(artworks.title, containing(q)), ilike(artworks.medium, containing(q)), ilike(artworks.inventoryNumber, containing(q)))!,
    );
  if (query.mediaType) filters.push(eq(artworks.mediaType, query.mediaType));
  if (query.saleStatus) filters.push(eq(artworks.saleStatus, query.saleStatus));
  const where = and(...filters);

  const [{ total }] = await db.select({ total: count() }).from(artworks).where(where);
  const offset = (query.page - 1) * query.pageSize;
  if (offset >= total) return { rows: [], total };
  const size = Math.min(query.pageSize, total - offset);
  const fromEnd = total - offset - size;
  const reversed = fromEnd < offset;
  const direction = (query.order === 'asc') !== reversed ? asc : desc;
  const key = SORT_COLUMNS[query.sort];
  const page = db
    .select({ id: artworks.id, key: sql`${key}`.as('sort_key') })
    .from(artworks)
    .where(where)
    .orderBy(direction(key), direction(artworks.id))
    .limit(size)
    .offset(reversed ? fromEnd : offset)
    .as('page');
  const rows = await db
    .select({ ...answeredColumns, primaryWidth: artworkMedia.width, primaryHeight: artworkMedia.height })
    .from(artworks)
    .innerJoin(page, eq(artworks.id, page.id))
    .leftJoin(artworkMedia, eq(artworkMedia.id, artworks.primaryImageMediaId))
    .orderBy(direction(page.key), direction(page.id));
  return { rows: reversed ? rows.reverse() : rows, total };
}

export async function findArtwork(db: Db, userId: string, artworkId: string): Promise<AnsweredArtworkRow | null> {
  const [row] = await db
    .select(answeredColumns)
    .from(artworks)
    .where(and(eq(artworks.id, artworkId), eq(artworks.userId, userId)));
  return row ?? null;
}

/** The columns an input sets; the sale status is the pieces' (server/inventory), derived after they change. */
const columnsOf = (values: ArtworkUpdateValues) => ({
  title: values.title,
  year: values.year ?? null,
  medium: values.medium,
  description: values.description,
  tags: values.tags,
  mediaType: values.mediaType,
  dimensions: normalizeDimensions(values.dimensions),
  postLabels: values.postLabels ?? [],
  // Left out, the artist's choice stays as it was.
  ...(values.showOnSite === undefined ? {} : { showOnSite: values.showOnSite }),
  ...(values.inventoryNumber === undefined ? {} : { inventoryNumber: values.inventoryNumber }),
});

/**
 * Creates an artwork (a unique work: one piece) and its 'artwork.new' journal entry in one transaction. Created as
 * SOLD, it is created for sale and then sold to an unknown buyer, so Sold is still reached only by a recorded sale.
 */
export function createArtwork(db: Db, userId: string, values: ArtworkValues): Promise<ArtworkRow> {
  return db.transaction(async (tx) => {
    const startsAs = values.saleStatus === 'NOT_FOR_SALE' ? 'NOT_FOR_SALE' : 'AVAILABLE';
    const [row] = await tx
      .insert(artworks)
      .values({ userId, ...columnsOf(values), saleStatus: startsAs })
      .returning();
    const [piece] = await tx
      .insert(artworkPieces)
      .values({ artworkId: row.id, userId, kind: 'unique', sale: startsAs === 'NOT_FOR_SALE' ? 'notForSale' : 'available' })
      .returning();
    await recordArtworkEvent(tx, { userId, type: 'artwork.new', artworkId: row.id, title: row.title, mediaId: null });
    if (values.saleStatus !== 'SOLD') return row;
    await sellToUnknownBuyer(tx, row, piece);
    await refreshSaleStatus(tx, row.id);
    const [sold] = await tx.select().from(artworks).where(eq(artworks.id, row.id));
    return sold;
  });
}

/** Inserts an artwork row as given, with nothing else (creating from a file does the rest in its transaction). */
export async function insertArtworkRow(tx: Db, values: typeof artworks.$inferInsert): Promise<void> {
  await tx.insert(artworks).values(values);
}

/** Sets the dimensions of an artwork being created (not an edit: its update time stays). */
export async function setNewArtworkDimensions(tx: Db, artworkId: string, dimensions: Dimensions): Promise<void> {
  await tx.update(artworks).set({ dimensions }).where(eq(artworks.id, artworkId));
}

/**
 * Replaces every input field of an artwork. When something changed, writes an 'artwork.updated' entry naming the
 * changed fields in the same transaction; when nothing did, writes nothing. A saleStatus given and different goes
 * through the artwork's chart (server/inventory: 409 with its reason when it refuses, and nothing is saved). Null when
 * the user has no such artwork.
 */
export function replaceArtwork(db: Db, userId: string, artworkId: string, values: ArtworkUpdateValues): Promise<AnsweredArtworkRow | null> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(artworks)
      .where(and(eq(artworks.id, artworkId), eq(artworks.userId, userId)))
      .for('update');
    if (!before) return null;
    const statusChanged = values.saleStatus !== undefined && values.saleStatus !== before.saleStatus;
    if (statusChanged) await applySaleStatus(tx, await lockArtworkPieces(tx, userId, artworkId), values.saleStatus!);
    // Sizes the artwork's own file gives are the file's, whatever the input says.
    const measured = await measuredDimensions(tx, { ...before, mediaType: values.mediaType });
    const next = { ...values, dimensions: withMeasured(values.dimensions, measured) };
    const changed = changedFields(before, next);
    if (!changed.length) return findArtwork(tx, userId, artworkId);
    const [row] = await tx
      .update(artworks)
      .set({ ...columnsOf(next), updatedAt: sql`now()` })
      .where(eq(artworks.id, artworkId))
      .returning();
    await recordArtworkEvent(tx, {
      userId,
      type: 'artwork.updated',
      artworkId,
      title: row.title,
      mediaId: row.primaryImageMediaId,
      changedFields: changed,
    });
    return findArtwork(tx, userId, row.id);
  });
}
