import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { BATCH_UNDO_MINUTES, type ArtworkBatch } from '../../src/schemas/artwork-batch.schema';
import type { CollectionInputField } from '../../src/schemas/collection-fields';
import {
  appendToCollection,
  collectionNotFound,
  lockCollectionsHolding,
  recordArtworksLeft,
  recordCollectionsChanged,
  removeFromCollection,
} from '../collections/collection.repo';
import type { Db } from '../db/database';
import {
  artworkBatches,
  artworkMedia,
  artworkPieces,
  artworks,
  collectionArtworks,
  collections,
  consignmentItems,
  consignments,
  contacts,
  inquiries,
  sales,
  socialPosts,
} from '../db/schema';
import { Conflict, Gone, NotFound } from '../errors';
import { applySaleStatus } from '../inventory/inventory.service';
import { lockArtworkPieces, pieceRecord, type PieceRow, refreshSaleStatus, writeRecord } from '../inventory/pieces.repo';
import { recordArtworkEvent } from '../journal/journal.repo';
import type { MediaRow } from '../media/media.dto';
import { mediaKeysOf } from '../media/media.repo';
import type { ArtworkRow } from '../artworks/artwork.dto';
import { artworkNotFound } from '../artworks/artwork.repo';

/** A deleted artwork as undoing puts it back: its row, its files' rows, and every place that pointed at it. */
interface DeletedArtwork {
  artwork: ArtworkRow;
  media: MediaRow[];
  memberships: Array<{ collectionId: string; position: number }>;
  /** Collections it was the cover of. */
  coverOf: string[];
  /** Posts shared from it, and buyers' inquiries about it. */
  posts: string[];
  inquiries: string[];
  /** Its pieces, their sales and their places in consignments (the database deletes them with it). */
  pieces?: PieceRow[];
  sales?: Array<typeof sales.$inferSelect>;
  consigned?: Array<typeof consignmentItems.$inferSelect>;
}

/** What undoing a batch needs, by action (stored as JSON: dates come back as text). */
type Undo =
  | { action: 'delete'; artworks: DeletedArtwork[] }
  | { action: 'saleStatus'; before: Array<{ id: string; saleStatus: string; pieces?: PieceRow[] }> }
  | { action: 'showOnSite'; before: Array<{ id: string; showOnSite: boolean | null }> }
  | { action: 'addToCollection'; collectionId: string; added: string[] };

const open = sql<boolean>`${artworkBatches.createdAt} > now() - make_interval(mins => ${BATCH_UNDO_MINUTES})`;

/** Those of the artist's artworks with these ids that are there, locked for the change (in id order: no deadlock). */
const lockRows = (tx: Db, userId: string, ids: string[]): Promise<ArtworkRow[]> =>
  tx
    .select()
    .from(artworks)
    .where(and(eq(artworks.userId, userId), inArray(artworks.id, ids)))
    .orderBy(asc(artworks.id))
    .for('update');

/** The artist's artworks with these ids, locked for the change; 404 (and nothing changed) when one is not theirs. */
async function lockOwn(tx: Db, userId: string, ids: string[]): Promise<ArtworkRow[]> {
  const rows = await lockRows(tx, userId, ids);
  if (rows.length !== ids.length) throw artworkNotFound();
  return rows;
}

/** The 'artwork.updated' entry a save of the artwork changing these fields writes. */
const recordUpdated = (tx: Db, userId: string, row: ArtworkRow, changedFields: string[]) =>
  recordArtworkEvent(tx, {
    userId,
    type: 'artwork.updated',
    artworkId: row.id,
    title: row.title,
    mediaId: row.primaryImageMediaId,
    changedFields,
  });

/** Sets one column on the artworks whose value differs, with an 'artwork.updated' entry each, as a save of each would. */
async function setColumn<K extends 'showOnSite'>(tx: Db, userId: string, rows: ArtworkRow[], field: K, value: ArtworkRow[K]) {
  const changing = rows.filter((r) => r[field] !== value);
  if (changing.length) {
    await tx
      .update(artworks)
      .set({ [field]: value, updatedAt: sql`now()` })
      .where(
        inArray(
          artworks.id,
          changing.map((r) => r.id),
        ),
      );
  }
  for (const r of changing) await recordUpdated(tx, userId, r, [field]);
  return changing;
}

/** Deletes the artworks as DELETE /artwork/:id does, keeping what undoing needs; their files stay until the batch expires. */
async function deleteKeeping(tx: Db, userId: string, ids: string[]): Promise<DeletedArtwork[]> {
  const held = await lockCollectionsHolding(tx, userId, ids);
  const rows = await lockOwn(tx, userId, ids);
  const [media, members, posts, asked, pieces, sold, consigned] = await Promise.all([
    tx.select().from(artworkMedia).where(inArray(artworkMedia.artworkId, ids)),
    tx.select().from(collectionArtworks).where(inArray(collectionArtworks.artworkId, ids)),
    tx.select({ id: socialPosts.id, artworkId: socialPosts.artworkId }).from(socialPosts).where(inArray(socialPosts.artworkId, ids)),
    tx.select({ id: inquiries.id, artworkId: inquiries.artworkId }).from(inquiries).where(inArray(inquiries.artworkId, ids)),
    tx.select().from(artworkPieces).where(inArray(artworkPieces.artworkId, ids)),
    tx.select().from(sales).where(inArray(sales.artworkId, ids)),
    tx.select().from(consignmentItems).where(inArray(consignmentItems.artworkId, ids)),
  ]);
  const kept = rows.map((artwork) => ({
    artwork,
    media: media.filter((m) => m.artworkId === artwork.id),
    memberships: members.filter((m) => m.artworkId === artwork.id).map(({ collectionId, position }) => ({ collectionId, position })),
    coverOf: held.filter((c) => c.coverArtworkId === artwork.id).map((c) => c.id),
    posts: posts.filter((p) => p.artworkId === artwork.id).map((p) => p.id),
    inquiries: asked.filter((q) => q.artworkId === artwork.id).map((q) => q.id),
    pieces: pieces.filter((p) => p.artworkId === artwork.id),
    sales: sold.filter((p) => p.artworkId === artwork.id),
    consigned: consigned.filter((p) => p.artworkId === artwork.id),
  }));
  // Media rows, memberships, covers, pieces, sales and consignment places go with the artworks (the database's
  // cascades); posts and inquiries stay.
  await tx.delete(artworks).where(inArray(artworks.id, ids));
  await recordArtworksLeft(tx, userId, held, ids);
  return kept;
}

/**
 * Marks each artwork for sale or not through its pieces' chart (server/inventory), as a save of each would, keeping
 * its pieces as they were for the undo. A sold work stays sold: a sale is undone only by recording a return.
 */
async function markForSale(tx: Db, userId: string, rows: ArtworkRow[], wanted: 'AVAILABLE' | 'NOT_FOR_SALE') {
  const before: Array<{ id: string; saleStatus: string; pieces: PieceRow[] }> = [];
  for (const row of rows) {
    if (row.saleStatus === wanted || row.saleStatus === 'SOLD') continue;
    const ap = await lockArtworkPieces(tx, userId, row.id);
    before.push({ id: row.id, saleStatus: row.saleStatus, pieces: ap.pieces });
    await applySaleStatus(tx, ap, wanted);
    await recordUpdated(tx, userId, row, ['saleStatus']);
  }
  return before;
}

const revived = <T extends { createdAt: Date | string }>(row: T) => ({ ...row, createdAt: new Date(row.createdAt) });
const date = (d: Date | string | null) => (d === null ? null : new Date(d));

/** The ids among these that still name one of the artist's rows of the table (contacts and consignments may go). */
async function stillThere(tx: Db, table: typeof contacts | typeof consignments, userId: string, ids: Array<string | null>) {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (!wanted.length) return new Set<string>();
  const rows = await tx
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.userId, userId), inArray(table.id, wanted)));
  return new Set(rows.map((r) => r.id));
}

/**
 * Puts back deleted artworks' pieces, sales and places in consignments, as they were; a contact or consignment
 * deleted since is left unnamed (the sale stays, without its buyer), and a consignment place without its consignment.
 */
async function restoreInventory(tx: Db, userId: string, kept: DeletedArtwork[]) {
  const pieces = kept.flatMap((k) => k.pieces ?? []);
  const sold = kept.flatMap((k) => k.sales ?? []);
  const consigned = kept.flatMap((k) => k.consigned ?? []);
  const people = await stillThere(tx, contacts, userId, [...pieces.map((p) => p.holdContactId), ...sold.map((s) => s.contactId)]);
  const places = await stillThere(tx, consignments, userId, [
    ...pieces.map((p) => p.consignmentId),
    ...sold.map((s) => s.consignmentId),
    ...consigned.map((c) => c.consignmentId),
  ]);
  const known = (set: Set<string>, id: string | null) => (id !== null && set.has(id) ? id : null);
  if (pieces.length) {
    await tx.insert(artworkPieces).values(
      pieces.map((p) => ({
        ...p,
        holdContactId: known(people, p.holdContactId),
        holdUntil: known(people, p.holdContactId) ? date(p.holdUntil) : null,
        consignmentId: known(places, p.consignmentId),
        updatedAt: new Date(p.updatedAt),
      })),
    );
  }
  if (sold.length) {
    await tx.insert(sales).values(
      sold.map((s) => ({
        ...revived(s),
        contactId: known(people, s.contactId),
        consignmentId: known(places, s.consignmentId),
        returnedAt: date(s.returnedAt),
      })),
    );
  }
  const back = consigned.filter((c) => places.has(c.consignmentId));
  if (back.length) await tx.insert(consignmentItems).values(back.map((c) => ({ ...c, returnedAt: date(c.returnedAt) })));
}

/** Puts deleted artworks back as they were: rows, files, places in collections, covers, posts and inquiries. */
async function restore(tx: Db, userId: string, kept: DeletedArtwork[]) {
  if (!kept.length) return 0;
  await tx.insert(artworks).values(kept.map((k) => ({ ...revived(k.artwork), updatedAt: new Date(k.artwork.updatedAt) })));
  const media = kept.flatMap((k) => k.media.map(revived));
  if (media.length) await tx.insert(artworkMedia).values(media);
  await restoreInventory(tx, userId, kept);
  const wanted = [...new Set(kept.flatMap((k) => [...k.memberships.map((m) => m.collectionId), ...k.coverOf]))];
  const still = wanted.length
    ? new Set(
        (
          await tx
            .select({ id: collections.id })
            .from(collections)
            .where(and(eq(collections.userId, userId), inArray(collections.id, wanted)))
            .for('update')
        ).map((c) => c.id),
      )
    : new Set<string>();
  const changes = new Map<string, CollectionInputField[]>();
  const note = (id: string, field: CollectionInputField) => changes.set(id, [...new Set([...(changes.get(id) ?? []), field])]);
  for (const k of kept) {
    const id = k.artwork.id;
    const back = k.memberships.filter((m) => still.has(m.collectionId));
    if (back.length) {
      await tx
        .insert(collectionArtworks)
        .values(back.map((m) => ({ ...m, artworkId: id })))
        .onConflictDoNothing();
      back.forEach((m) => note(m.collectionId, 'artworkIds'));
    }
    const covers = k.coverOf.filter((c) => still.has(c));
    if (covers.length) {
      const set = await tx
        .update(collections)
        .set({ coverArtworkId: id })
        .where(and(inArray(collections.id, covers), isNull(collections.coverArtworkId)))
        .returning({ id: collections.id });
      set.forEach((c) => note(c.id, 'coverArtworkId'));
    }
    if (k.posts.length) {
      await tx
        .update(socialPosts)
        .set({ artworkId: id })
        .where(and(eq(socialPosts.userId, userId), inArray(socialPosts.id, k.posts), isNull(socialPosts.artworkId)));
    }
    if (k.inquiries.length) {
      await tx
        .update(inquiries)
        .set({ artworkId: id })
        .where(and(eq(inquiries.userId, userId), inArray(inquiries.id, k.inquiries), isNull(inquiries.artworkId)));
    }
  }
  await recordCollectionsChanged(tx, userId, changes);
  return kept.length;
}

/**
 * One change to many of the artist's artworks, in one transaction: every id must be theirs (else 404 and nothing
 * changes), the journal records it as the same changes made one by one would, and what it replaced is kept so that
 * undoBatch can put it back.
 */
export function applyBatch(db: Db, userId: string, batch: ArtworkBatch) {
  const ids = [...new Set(batch.artworkIds)];
  return db.transaction(async (tx) => {
    let undo: Undo;
    // The artworks the change reached: all of them, but for sold works a sale status leaves as they are.
    let count = ids.length;
    switch (batch.action) {
      case 'delete':
        undo = { action: 'delete', artworks: await deleteKeeping(tx, userId, ids) };
        break;
      case 'saleStatus': {
        const rows = await lockOwn(tx, userId, ids);
        undo = { action: 'saleStatus', before: await markForSale(tx, userId, rows, batch.saleStatus) };
        count -= rows.filter((r) => r.saleStatus === 'SOLD').length;
        break;
      }
      case 'showOnSite': {
        const changed = await setColumn(tx, userId, await lockOwn(tx, userId, ids), 'showOnSite', batch.showOnSite);
        undo = { action: 'showOnSite', before: changed.map((r) => ({ id: r.id, showOnSite: r.showOnSite })) };
        break;
      }
      case 'addToCollection': {
        // The collection first, as its own save locks it before its artworks.
        const [collection] = await tx
          .select({ id: collections.id })
          .from(collections)
          .where(and(eq(collections.id, batch.collectionId), eq(collections.userId, userId)))
          .for('update');
        if (!collection) throw collectionNotFound();
        const rows = await lockOwn(tx, userId, ids);
        // Added in the order of the list the artist chose them from.
        const order = new Map(ids.map((id, i) => [id, i]));
        const sorted = rows.map((r) => r.id).sort((a, b) => order.get(a)! - order.get(b)!);
        const added = (await appendToCollection(tx, userId, batch.collectionId, sorted))!;
        undo = { action: 'addToCollection', collectionId: batch.collectionId, added };
        break;
      }
    }
    const [saved] = await tx
      .insert(artworkBatches)
      .values({ userId, action: batch.action, undo })
      .returning({ id: artworkBatches.id, createdAt: artworkBatches.createdAt });
    return {
      batchId: saved.id,
      action: batch.action,
      count,
      undoUntil: new Date(saved.createdAt.getTime() + BATCH_UNDO_MINUTES * 60_000).toISOString(),
    };
  });
}

export const batchNotFound = () => new NotFound('This change was not found.');

/**
 * Puts back what a batch changed, exactly: deleted artworks with their files and places, or each artwork's previous
 * value (artworks deleted since are left out). 404 for another artist's batch, 409 once undone, 410 once too old.
 */
export function undoBatch(db: Db, userId: string, batchId: string) {
  return db.transaction(async (tx) => {
    const [batch] = await tx
      .select({ undo: artworkBatches.undo, undoneAt: artworkBatches.undoneAt, open })
      .from(artworkBatches)
      .where(and(eq(artworkBatches.id, batchId), eq(artworkBatches.userId, userId)))
      .for('update');
    if (!batch) throw batchNotFound();
    if (batch.undoneAt) throw new Conflict('This change was undone already.');
    if (!batch.open) throw new Gone('This change can no longer be undone.');
    const undo = batch.undo as Undo;
    let count: number;
    switch (undo.action) {
      case 'delete':
        count = await restore(tx, userId, undo.artworks);
        break;
      case 'saleStatus':
      case 'showOnSite':
        count = await putBack(tx, userId, undo);
        break;
      case 'addToCollection':
        count = await removeFromCollection(tx, userId, undo.collectionId, undo.added);
        break;
    }
    await tx
      .update(artworkBatches)
      .set({ undoneAt: sql`now()` })
      .where(eq(artworkBatches.id, batchId));
    return { batchId, count };
  });
}

/**
 * Each artwork still there gets its value from before the batch back, journalled as a save would be: its choice to be
 * shown, or its pieces' records as they were (and the sale status they give).
 */
async function putBack(tx: Db, userId: string, undo: Extract<Undo, { action: 'saleStatus' | 'showOnSite' }>) {
  const ids = undo.before.map((b) => b.id);
  if (!ids.length) return 0;
  const rows = await lockRows(tx, userId, ids);
  for (const row of rows) {
    if (undo.action === 'showOnSite') {
      await setColumn(tx, userId, [row], 'showOnSite', undo.before.find((b) => b.id === row.id)!.showOnSite);
      continue;
    }
    const before = undo.before.find((b) => b.id === row.id)!;
    const { pieces } = await lockArtworkPieces(tx, userId, row.id);
    for (const was of before.pieces ?? []) {
      if (!pieces.some((p) => p.id === was.id)) continue;
      const record = pieceRecord({ ...was, holdUntil: date(was.holdUntil) });
      await writeRecord(tx, was.id, record);
    }
    await refreshSaleStatus(tx, row.id);
    await recordUpdated(tx, userId, row, ['saleStatus']);
  }
  return rows.length;
}

/** The media ids whose files a batch still claims (deleted artworks that can be undone): the sweeper leaves them. */
export async function heldMediaIds(db: Db): Promise<Set<string>> {
  const rows = await db
    .select({ undo: artworkBatches.undo })
    .from(artworkBatches)
    .where(and(eq(artworkBatches.action, 'delete'), isNull(artworkBatches.undoneAt)));
  return new Set(rows.flatMap((r) => (r.undo as Extract<Undo, { action: 'delete' }>).artworks.flatMap((a) => a.media.map((m) => m.id))));
}

/**
 * Forgets batches that can no longer be undone, and answers the files of the artworks they deleted (to delete now).
 * A batch that was undone gave its files back to their rows.
 */
export function expireBatches(db: Db): Promise<string[]> {
  return db.transaction(async (tx) => {
    const gone = await tx
      .delete(artworkBatches)
      .where(sql`not ${open}`)
      .returning({ action: artworkBatches.action, undo: artworkBatches.undo, undoneAt: artworkBatches.undoneAt });
    return gone
      .filter((b) => b.action === 'delete' && !b.undoneAt)
      .flatMap((b) => (b.undo as Extract<Undo, { action: 'delete' }>).artworks.flatMap((a) => a.media.flatMap(mediaKeysOf)));
  });
}
