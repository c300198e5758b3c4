import { and, asc, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import { COLLECTION_FIELDS, type CollectionInputField } from '../../src/schemas/collection-fields';
import { COLLECTION_MESSAGES, type CollectionValues } from '../../src/schemas/collection.schema';
import type { ArtworkRow } from '../artworks/artwork.dto';
import type { Db } from '../db/database';
import { artworks, collectionArtworks, collections } from '../db/schema';
import { Invalid, NotFound, VALIDATION_MESSAGE } from '../errors';
import { recordCollectionEvent } from '../journal/journal.repo';
import { type CollectionRow, coverImageOf } from './collection.dto';

export const collectionNotFound = () => new NotFound('Collection not found.');

export interface CollectionWithArtworks {
  row: CollectionRow;
  /** In the manual order. */
  artworks: ArtworkRow[];
}

/** The artworks of these collections, each list in its manual order. */
async function artworksOf(db: Db, collectionIds: string[]): Promise<Map<string, ArtworkRow[]>> {
  const byCollection = new Map<string, ArtworkRow[]>(collectionIds.map((id) => [id, []]));
  if (!collectionIds.length) return byCollection;
  const rows = await db
    .select({ collectionId: collectionArtworks.collectionId, artwork: getTableColumns(artworks) })
    .from(collectionArtworks)
    .innerJoin(artworks, eq(artworks.id, collectionArtworks.artworkId))
    .where(inArray(collectionArtworks.collectionId, collectionIds))
    .orderBy(asc(collectionArtworks.collectionId), asc(collectionArtworks.position));
  for (const { collectionId, artwork } of rows) byCollection.get(collectionId)!.push(artwork);
  return byCollection;
}

/** The artist's collections, newest first, each with its artworks. */
export async function listCollections(db: Db, userId: string): Promise<CollectionWithArtworks[]> {
  const rows = await db
    .select()
    .from(collections)
    .where(eq(collections.userId, userId))
    .orderBy(desc(collections.createdAt), desc(collections.id));
  const artworksBy = await artworksOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({ row, artworks: artworksBy.get(row.id)! }));
}

export async function findCollection(db: Db, userId: string, collectionId: string): Promise<CollectionWithArtworks | null> {
  const [row] = await db
    .select()
    .from(collections)
    .where(and(eq(collections.id, collectionId), eq(collections.userId, userId)));
  if (!row) return null;
  return { row, artworks: (await artworksOf(db, [row.id])).get(row.id)! };
}

/**
 * Every artwork named must be the artist's own: a 400 naming each one that is not. They stay locked (shared) to the
 * end of the transaction, so none is deleted between this check and the rows that point at it.
 */
async function checkOwnArtworks(db: Db, userId: string, artworkIds: string[]) {
  if (!artworkIds.length) return;
  const found = await db
    .select({ id: artworks.id })
    .from(artworks)
    .where(and(eq(artworks.userId, userId), inArray(artworks.id, artworkIds)))
    .for('share');
  const own = new Set(found.map((r) => r.id));
  const fieldErrors: Record<string, string[]> = {};
  artworkIds.forEach((id, i) => {
    if (!own.has(id)) fieldErrors[`artworkIds.${i}`] = [COLLECTION_MESSAGES.notOwnArtwork];
  });
  if (Object.keys(fieldErrors).length) throw new Invalid(VALIDATION_MESSAGE, { fieldErrors });
}

const columnsOf = (values: CollectionValues) => ({
  title: values.title,
  description: values.description,
  visibility: values.visibility,
  coverArtworkId: values.coverArtworkId,
  tags: values.tags,
  sortField: values.sortField,
  // A direction means nothing in the manual order; a sort without one goes up.
  sortDirection: values.sortField ? (values.sortDirection ?? 'asc') : null,
});

async function writeArtworks(db: Db, collectionId: string, artworkIds: string[]) {
  await db.delete(collectionArtworks).where(eq(collectionArtworks.collectionId, collectionId));
  if (artworkIds.length) {
    await db.insert(collectionArtworks).values(artworkIds.map((artworkId, position) => ({ collectionId, artworkId, position })));
  }
}

/** Creates a collection and its 'collection.new' journal entry in one transaction. */
export function createCollection(db: Db, userId: string, values: CollectionValues): Promise<CollectionWithArtworks> {
  return db.transaction(async (tx) => {
    await checkOwnArtworks(tx, userId, values.artworkIds);
    const [row] = await tx
      .insert(collections)
      .values({ userId, ...columnsOf(values) })
      .returning();
    await writeArtworks(tx, row.id, values.artworkIds);
    const saved = { row, artworks: (await artworksOf(tx, [row.id])).get(row.id)! };
    await recordCollectionEvent(tx, {
      userId,
      type: 'collection.new',
      collectionId: row.id,
      title: row.title,
      mediaId: coverImageOf(row, saved.artworks),
    });
    return saved;
  });
}

const same = (a: readonly unknown[], b: readonly unknown[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** The input fields a replacement changes, for the journal's 'collection.updated' entry. */
function changedFields(before: CollectionWithArtworks, after: ReturnType<typeof columnsOf>, artworkIds: string[]): CollectionInputField[] {
  return COLLECTION_FIELDS.filter((field) => {
    switch (field) {
      case 'artworkIds':
        return !same(
          before.artworks.map((a) => a.id),
          artworkIds,
        );
      case 'tags':
        return !same(before.row.tags, after.tags);
      default:
        return before.row[field] !== after[field];
    }
  });
}

/**
 * Replaces every input field of a collection, its artworks in their new order. When something changed, writes a
 * 'collection.updated' entry naming the changed fields in the same transaction. Null when the artist has no such
 * collection.
 */
export function replaceCollection(
  db: Db,
  userId: string,
  collectionId: string,
  values: CollectionValues,
): Promise<CollectionWithArtworks | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(collections)
      .where(and(eq(collections.id, collectionId), eq(collections.userId, userId)))
      .for('update');
    if (!row) return null;
    await checkOwnArtworks(tx, userId, values.artworkIds);
    const before = { row, artworks: (await artworksOf(tx, [row.id])).get(row.id)! };
    const columns = columnsOf(values);
    const changed = changedFields(before, columns, values.artworkIds);
    if (!changed.length) return before;
    const [updated] = await tx
      .update(collections)
      .set({ ...columns, updatedAt: sql`now()` })
      .where(eq(collections.id, collectionId))
      .returning();
    if (changed.includes('artworkIds')) await writeArtworks(tx, collectionId, values.artworkIds);
    const saved = { row: updated, artworks: (await artworksOf(tx, [row.id])).get(row.id)! };
    await recordCollectionEvent(tx, {
      userId,
      type: 'collection.updated',
      collectionId,
      title: updated.title,
      mediaId: coverImageOf(updated, saved.artworks),
      changedFields: changed,
    });
    return saved;
  });
}

/** Deletes a collection (its artworks stay) and writes 'collection.deleted'; false when the artist has no such collection. */
export function deleteCollection(db: Db, userId: string, collectionId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(collections)
      .where(and(eq(collections.id, collectionId), eq(collections.userId, userId)))
      .for('update');
    if (!row) return false;
    const held = (await artworksOf(tx, [row.id])).get(row.id)!;
    await tx.delete(collections).where(eq(collections.id, collectionId));
    await recordCollectionEvent(tx, {
      userId,
      type: 'collection.deleted',
      collectionId,
      title: row.title,
      mediaId: coverImageOf(row, held),
    });
    return true;
  });
}

/**
 * Before an artwork is deleted: locks the artist's collections holding it, first (a collection's save locks the
 * collection, then its artworks: the same order, so the two never wait on each other). Pass what it answers to
 * `recordArtworkLeft` once the artwork is gone.
 */
export async function lockCollectionsHolding(db: Db, userId: string, artworkId: string): Promise<CollectionRow[]> {
  return db
    .select(getTableColumns(collections))
    .from(collections)
    .innerJoin(collectionArtworks, eq(collectionArtworks.collectionId, collections.id))
    .where(and(eq(collections.userId, userId), eq(collectionArtworks.artworkId, artworkId)))
    .orderBy(asc(collections.id))
    .for('update', { of: collections });
}

/**
 * After an artwork was deleted (the database took it out of its collections and cleared it as their cover): each
 * collection it was in records the change ('collection.updated': its artworks, and its cover when it was the cover,
 * which now falls back to the first artwork with a picture).
 */
export async function recordArtworkLeft(db: Db, userId: string, held: CollectionRow[], artworkId: string) {
  if (!held.length) return;
  const ids = held.map((c) => c.id);
  const updated = await db
    .update(collections)
    .set({ updatedAt: sql`now()` })
    .where(inArray(collections.id, ids))
    .returning();
  const artworksBy = await artworksOf(db, ids);
  for (const before of held) {
    const row = updated.find((u) => u.id === before.id)!;
    await recordCollectionEvent(db, {
      userId,
      type: 'collection.updated',
      collectionId: row.id,
      title: row.title,
      mediaId: coverImageOf(row, artworksBy.get(row.id)!),
      changedFields: before.coverArtworkId === artworkId ? ['artworkIds', 'coverArtworkId'] : ['artworkIds'],
    });
  }
}
