import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Consignment, ConsignmentItem } from '../../src/schemas/consignment.schema';
import { todayUtc } from '../../src/schemas/inventory-fields';
import { fromBasisPoints } from '../../src/schemas/money.schema';
import type { Db } from '../db/database';
import { artworkPieces, artworks, consignmentItems, consignments, contacts, users } from '../db/schema';
import { NotFound } from '../errors';
import { copyOf } from '../inventory/pieces.repo';
import type { MediaUrls } from '../media-urls';

export type ConsignmentRow = typeof consignments.$inferSelect;

export const consignmentNotFound = () => new NotFound('Consignment not found.');

type Filter = { consignmentId: string } | { contactId: string } | Record<string, never>;

/** The artist's consignments, newest first, each with its works and whether it is overdue (past its end, works still out). */
export async function listConsignments(db: Db, userId: string, urls: MediaUrls, filter: Filter = {}): Promise<Consignment[]> {
  const where = [eq(consignments.userId, userId)];
  if ('consignmentId' in filter) where.push(eq(consignments.id, filter.consignmentId));
  if ('contactId' in filter) where.push(eq(consignments.contactId, filter.contactId));
  const rows = await db
    .select({ c: consignments, gallery: contacts.name })
    .from(consignments)
    .innerJoin(contacts, eq(contacts.id, consignments.contactId))
    .where(and(...where))
    .orderBy(desc(consignments.createdAt), desc(consignments.id));
  if (!rows.length) return [];
  const items = await db
    .select({ item: consignmentItems, artwork: artworks, piece: artworkPieces })
    .from(consignmentItems)
    .innerJoin(artworks, eq(artworks.id, consignmentItems.artworkId))
    .innerJoin(artworkPieces, eq(artworkPieces.id, consignmentItems.pieceId))
    .where(
      inArray(
        consignmentItems.consignmentId,
        rows.map((r) => r.c.id),
      ),
    )
    .orderBy(sql`lower(${artworks.title})`, asc(artworkPieces.kind), asc(artworkPieces.number));
  const today = todayUtc();
  return rows.map(({ c, gallery }) => {
    const mine: ConsignmentItem[] = items
      .filter((i) => i.item.consignmentId === c.id)
      .map(({ item, artwork, piece }) => ({
        artworkId: artwork.id,
        pieceId: piece.id,
        title: artwork.title,
        copy: copyOf(artwork, piece),
        state: item.saleId ? 'sold' : item.returnedAt ? 'returned' : 'atGallery',
        returnedOn: item.returnedOn,
        saleId: item.saleId,
        imageUrl: artwork.primaryImageMediaId ? urls.media(artwork.primaryImageMediaId, 'smCrop') : null,
      }));
    const open = mine.filter((i) => i.state === 'atGallery').length;
    return {
      consignmentId: c.id,
      gallery: { contactId: c.contactId, name: gallery },
      commissionPercent: fromBasisPoints(c.commissionBasisPoints),
      startsOn: c.startsOn,
      endsOn: c.endsOn,
      terms: c.terms,
      open,
      overdue: open > 0 && c.endsOn < today,
      items: mine,
      createdAt: c.createdAt.toISOString(),
    };
  });
}

export async function getConsignment(db: Db, userId: string, consignmentId: string, urls: MediaUrls): Promise<Consignment> {
  const [found] = await listConsignments(db, userId, urls, { consignmentId });
  if (!found) throw consignmentNotFound();
  return found;
}

/** How many of a consignment's works are still at the gallery: neither returned nor sold through it. */
export const worksStillOut = sql<number>`(select count(*)::int from ${consignmentItems} i where i.consignment_id = ${consignments.id} and i.returned_at is null and i.sale_id is null)`;
export const hasWorksStillOut = sql`${worksStillOut} > 0`;

/**
 * Claims up to `limit` consignments past their end date (UTC) with works still out and not mailed yet, marking them
 * mailed in the same statement (FOR UPDATE SKIP LOCKED): of several instances only one claims each.
 */
export async function claimOverdueConsignments(tx: Db, limit: number): Promise<{ id: string; userId: string }[]> {
  const due = tx
    .select({ id: consignments.id })
    .from(consignments)
    .where(and(isNull(consignments.overdueMailedAt), sql`${consignments.endsOn} < (now() at time zone 'utc')::date`, hasWorksStillOut))
    .limit(limit)
    .for('update', { skipLocked: true });
  return tx
    .update(consignments)
    .set({ overdueMailedAt: sql`now()` })
    .where(sql`${consignments.id} = any(array(${due}))`)
    .returning({ id: consignments.id, userId: consignments.userId });
}

/** What the overdue mail says of a consignment: its end, its gallery, the artist's address and how many works are still out. */
export async function overdueMailFacts(db: Db, consignmentId: string) {
  const [found] = await db
    .select({
      endsOn: consignments.endsOn,
      gallery: contacts.name,
      email: users.email,
      open: worksStillOut,
    })
    .from(consignments)
    .innerJoin(contacts, eq(contacts.id, consignments.contactId))
    .innerJoin(users, eq(users.id, consignments.userId))
    .where(eq(consignments.id, consignmentId));
  return found;
}

/** Records a consignment; answers its id. */
export async function insertConsignment(tx: Db, values: typeof consignments.$inferInsert): Promise<{ id: string }> {
  const [row] = await tx.insert(consignments).values(values).returning({ id: consignments.id });
  return row;
}

/** Records that a piece went out with the consignment. */
export async function insertConsignmentItem(tx: Db, item: { consignmentId: string; pieceId: string; artworkId: string }): Promise<void> {
  await tx.insert(consignmentItems).values(item);
}

/** The artist's consignment, or undefined (another artist's is not found either). */
export async function findConsignmentRow(db: Db, userId: string, consignmentId: string): Promise<ConsignmentRow | undefined> {
  const [consignment] = await db
    .select()
    .from(consignments)
    .where(and(eq(consignments.id, consignmentId), eq(consignments.userId, userId)));
  return consignment;
}

/** The piece's line in the consignment, locked until the transaction ends (FOR UPDATE); undefined when it is not in it. */
export async function lockConsignmentItem(tx: Db, consignmentId: string, pieceId: string) {
  const [item] = await tx
    .select()
    .from(consignmentItems)
    .where(and(eq(consignmentItems.consignmentId, consignmentId), eq(consignmentItems.pieceId, pieceId)))
    .for('update');
  return item;
}

/** Records that the piece came back from the consignment, on `returnedOn`. */
export async function markConsignmentItemReturned(tx: Db, consignmentId: string, pieceId: string, returnedOn: string): Promise<void> {
  await tx
    .update(consignmentItems)
    .set({ returnedAt: new Date(), returnedOn })
    .where(and(eq(consignmentItems.consignmentId, consignmentId), eq(consignmentItems.pieceId, pieceId)));
}
