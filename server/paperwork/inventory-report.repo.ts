import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { artworkPieces, artworks, consignments, contacts } from '../db/schema';

export type ReportCursor = { title: string; pieceId: string } | null;

/**
 * One page of the artist's pieces for the inventory report and the price list, by title then piece: keyset pages, so
 * a report of any size is read a page at a time and never held whole.
 */
export function reportPage(db: Db, userId: string, after: ReportCursor, limit: number) {
  return db
    .select({
      pieceId: artworkPieces.id,
      kind: artworkPieces.kind,
      number: artworkPieces.number,
      sale: artworkPieces.sale,
      custody: artworkPieces.custody,
      place: artworkPieces.place,
      loanBorrower: artworkPieces.loanBorrower,
      priceAmount: artworkPieces.priceAmount,
      priceCurrency: artworkPieces.priceCurrency,
      title: artworks.title,
      year: artworks.year,
      medium: artworks.medium,
      dimensions: artworks.dimensions,
      editionSize: artworks.editionSize,
      editionProofs: artworks.editionProofs,
      gallery: contacts.name,
    })
    .from(artworkPieces)
    .innerJoin(artworks, eq(artworks.id, artworkPieces.artworkId))
    .leftJoin(consignments, eq(consignments.id, artworkPieces.consignmentId))
    .leftJoin(contacts, eq(contacts.id, consignments.contactId))
    .where(
      and(
        eq(artworkPieces.userId, userId),
        after ? sql`(${artworks.title}, ${artworkPieces.id}) > (${after.title}, ${after.pieceId}::uuid)` : undefined,
      ),
    )
    .orderBy(asc(artworks.title), asc(artworkPieces.id))
    .limit(limit);
}

export type ReportRow = Awaited<ReturnType<typeof reportPage>>[number];

/** Every piece, page by page. */
export async function* reportRows(db: Db, userId: string, pageSize = 500): AsyncGenerator<ReportRow> {
  let after: ReportCursor = null;
  for (;;) {
    const rows = await reportPage(db, userId, after, pageSize);
    yield* rows;
    if (rows.length < pageSize) return;
    const last = rows[rows.length - 1];
    after = { title: last.title, pieceId: last.pieceId };
  }
}
