import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../db/database';
import { artworkPieces, artworks, consignmentItems, consignments, contacts, sales } from '../db/schema';

export type SaleRow = typeof sales.$inferSelect;

/** Records a sale; answers its row. */
export async function insertSale(tx: Db, values: typeof sales.$inferInsert): Promise<SaleRow> {
  const [row] = await tx.insert(sales).values(values).returning();
  return row;
}

/** Marks the piece's line in the consignment sold by this sale. */
export async function markConsignmentItemSold(tx: Db, consignmentId: string, pieceId: string, saleId: string): Promise<void> {
  await tx
    .update(consignmentItems)
    .set({ saleId })
    .where(and(eq(consignmentItems.consignmentId, consignmentId), eq(consignmentItems.pieceId, pieceId)));
}

/** The artist's consignment a sale goes through, with its commission; undefined for none (or another artist's). */
export async function consignmentForSale(
  tx: Db,
  userId: string,
  consignmentId: string,
): Promise<{ id: string; commissionBasisPoints: number } | undefined> {
  const [found] = await tx
    .select({ id: consignments.id, commissionBasisPoints: consignments.commissionBasisPoints })
    .from(consignments)
    .where(and(eq(consignments.id, consignmentId), eq(consignments.userId, userId)));
  return found;
}

/** The artwork of the artist's sale, or undefined (another artist's sale is not found either). */
export async function artworkOfSale(tx: Db, userId: string, saleId: string): Promise<{ artworkId: string } | undefined> {
  const [found] = await tx
    .select({ artworkId: sales.artworkId })
    .from(sales)
    .where(and(eq(sales.id, saleId), eq(sales.userId, userId)));
  return found;
}

/** The sale, locked until the transaction ends (FOR UPDATE); take its artwork's lock first. */
export async function lockSale(tx: Db, saleId: string): Promise<SaleRow> {
  const [sale] = await tx.select().from(sales).where(eq(sales.id, saleId)).for('update');
  return sale;
}

/** Records that the sale was returned, on `returnedOn`; answers its row. */
export async function markSaleReturned(tx: Db, saleId: string, returnedOn: string): Promise<SaleRow> {
  const [row] = await tx.update(sales).set({ returnedAt: new Date(), returnedOn }).where(eq(sales.id, saleId)).returning();
  return row;
}

/** The contact's purchases from the artist, with their artwork, piece and buyer's name, newest first. */
export async function salesToContact(db: Db, userId: string, contactId: string) {
  return db
    .select({ sale: sales, artwork: artworks, piece: artworkPieces, buyer: contacts.name })
    .from(sales)
    .innerJoin(artworks, eq(artworks.id, sales.artworkId))
    .innerJoin(artworkPieces, eq(artworkPieces.id, sales.pieceId))
    .leftJoin(contacts, eq(contacts.id, sales.contactId))
    .where(and(eq(sales.userId, userId), eq(sales.contactId, contactId)))
    .orderBy(desc(sales.soldOn), desc(sales.createdAt));
}

/** The sales of these pieces not returned, with the buyer's name. */
export async function liveSalesOf(db: Db, pieceIds: string[]) {
  return db
    .select({ sale: sales, buyer: contacts.name })
    .from(sales)
    .leftJoin(contacts, eq(contacts.id, sales.contactId))
    .where(and(inArray(sales.pieceId, pieceIds), isNull(sales.returnedAt)));
}
