import { and, asc, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import { COLLECTION_FIELDS, type CollectionInputField } from '../../src/schemas/collection-fields';
import { COLLECTION_MESSAGES, type CollectionValues } from '../../src/schemas/collection.schema';
import type { AnsweredArtworkRow } from '../artworks/artwork.dto';
import { onlyInPrivateSql } from '../artworks/show-on-site';
import type { Db } from '../db/database';
import { artworks, collectionArtworks, collections } from '../db/schema';
import { Invalid, NotFound, VALIDATION_MESSAGE } from '../errors';
import { recordCollectionEvent } from '../journal/journal.repo';
import { type CollectionRow, coverImageOf } from './collection.dto';

export const collectionNotFound = () => new NotFound('Collection not found.');

export interface CollectionWithArtworks {
  row: CollectionRow;
  /** In the manual order. */
  artworks: AnsweredArtworkRow[];
}

/** The artworks of these collections, each list in its manual order. */
async function artworksOf(db: Db, collectionIds: string[]): Promise<Map<string, AnsweredArtworkRow[]>> {
  const byCollection = new Map<string, AnsweredArtworkRow[]>(collectionIds.map((id) => [id, []]));
  if (!collectionIds.length) return byCollection;
  const rows = await db
    .select({ collectionId: collectionArtworks.collectionId, artwork: { ...getTableColumns(artworks), onlyInPrivate: onlyInPrivateSql } })
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
 * Before artworks are deleted: locks the artist's collections holding any of them, first (a collection's save locks
 * the collection, then its artworks: the same order, so the two never wait on each other). Pass what it answers to
 * `recordArtworksLeft` once the artworks are gone.
 */
export async function lockCollectionsHolding(db: Db, userId: string, artworkIds: readonly string[]): Promise<CollectionRow[]> {
  if (!artworkIds.length) return [];
  const holding = db
    .select({ id: collectionArtworks.collectionId })
    .from(collectionArtworks)
    .where(inArray(collectionArtworks.artworkId, [...artworkIds]));
  return db
    .select()
    .from(collections)
    .where(and(eq(collections.userId, userId), inArray(collections.id, holding)))
    .orderBy(asc(collections.id))
    .for('update');
}

/**
 * Marks the artist's collections updated and records 'collection.updated' for each with the fields that changed (its
 * artworks, its cover), as a save of the collection would. Inside the transaction of the change.
 */
export async function recordCollectionsChanged(db: Db, userId: string, changes: ReadonlyMap<string, CollectionInputField[]>) {
  const ids = [...changes.keys()];
  if (!ids.length) return;
  const updated = await db
    .update(collections)
    .set({ updatedAt: sql`now()` })
    .where(and(eq(collections.userId, userId), inArray(collections.id, ids)))
    .returning();
  const artworksBy = await artworksOf(db, ids);
  for (const id of ids) {
    const row = updated.find((u) => u.id === id);
    if (!row) continue;
    await recordCollectionEvent(db, {
      userId,
      type: 'collection.updated',
      collectionId: row.id,
      title: row.title,
      mediaId: coverImageOf(row, artworksBy.get(row.id)!),
      changedFields: changes.get(id),
    });
  }
}

/**
 * After artworks were deleted (the database took them out of their collections and cleared them as covers): each
 * collection they were in records the change ('collection.updated': its artworks, and its cover when one of them was
 * the cover, which now falls back to the first artwork with a picture).
 */
export async function recordArtworksLeft(db: Db, userId: string, held: CollectionRow[], artworkIds: readonly string[]) {
  await recordCollectionsChanged(
    db,
    userId,
    new Map(
      held.map((c) => [
        c.id,
        c.coverArtworkId && artworkIds.includes(c.coverArtworkId) ? ['artworkIds', 'coverArtworkId'] : ['artworkIds'],
      ]),
    ),
  );
}

/**
 * Appends artworks to the end of one of the artist's collections, those it holds already staying where they are;
 * answers the ones added (none: nothing written). Null when the artist has no such collection.
 */
export async function appendToCollection(db: Db, userId: string, collectionId: string, artworkIds: readonly string[]) {
  const [row] = await db
    .select({ id: collections.id })
    .from(collections)
    .where(and(eq(collections.id, collectionId), eq(collections.userId, userId)))
    .for('update');
  if (!row) return null;
  const held = await db
    .select({ artworkId: collectionArtworks.artworkId, position: collectionArtworks.position })
    .from(collectionArtworks)
    .where(eq(collectionArtworks.collectionId, collectionId));
  const inIt = new Set(held.map((h) => h.artworkId));
  const added = artworkIds.filter((id) => !inIt.has(id));
  const next = Math.max(-1, ...held.map((h) => h.position)) + 1;
  if (added.length) {
    await db.insert(collectionArtworks).values(added.map((artworkId, i) => ({ collectionId, artworkId, position: next + i })));
    await recordCollectionsChanged(db, userId, new Map([[collectionId, ['artworkIds']]]));
  }
  return added;
}

/** Takes artworks out of one of the artist's collections (an undone addition); answers how many were in it. */
export async function removeFromCollection(db: Db, userId: string, collectionId: string, artworkIds: readonly string[]) {
  const [row] = await db
    .select({ id: collections.id })
    .from(collections)
    .where(and(eq(collections.id, collectionId), eq(collections.userId, userId)))
    .for('update');
  if (!row || !artworkIds.length) return 0;
  const removed = await db
    .delete(collectionArtworks)
    .where(and(eq(collectionArtworks.collectionId, collectionId), inArray(collectionArtworks.artworkId, [...artworkIds])))
    .returning({ artworkId: collectionArtworks.artworkId });
  if (removed.length) await recordCollectionsChanged(db, userId, new Map([[collectionId, ['artworkIds']]]));
  return removed.length;
}
