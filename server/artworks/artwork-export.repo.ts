import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { artworkPieces, artworks, consignments, contacts } from '../db/schema';

export type ExportArtwork = typeof artworks.$inferSelect;
export type ExportPiece = Pick<
  typeof artworkPieces.$inferSelect,
  'artworkId' | 'custody' | 'place' | 'loanBorrower' | 'priceAmount' | 'priceCurrency'
> & { gallery: string | null };

const KIND_ORDER = sql`case ${artworkPieces.kind} when 'unique' then 0 when 'numbered' then 1 else 2 end`;

type Cursor = { title: string; id: string } | null;

/** One page of the artist's artworks by title, after the cursor (keyset pages, so none is held whole). */
function exportPage(db: Db, userId: string, after: Cursor, limit: number) {
  return db
    .select()
    .from(artworks)
    .where(
      and(eq(artworks.userId, userId), after ? sql`(${artworks.title}, ${artworks.id}) > (${after.title}, ${after.id}::uuid)` : undefined),
    )
    .orderBy(asc(artworks.title), asc(artworks.id))
    .limit(limit);
}

/** The first piece of each artwork (the unique piece, or copy 1), where it is and its price. */
async function firstPieces(db: Db, artworkIds: string[]): Promise<Map<string, ExportPiece>> {
  const rows = await db
    .selectDistinctOn([artworkPieces.artworkId], {
      artworkId: artworkPieces.artworkId,
      custody: artworkPieces.custody,
      place: artworkPieces.place,
      loanBorrower: artworkPieces.loanBorrower,
      priceAmount: artworkPieces.priceAmount,
      priceCurrency: artworkPieces.priceCurrency,
      gallery: contacts.name,
    })
    .from(artworkPieces)
    .leftJoin(consignments, eq(consignments.id, artworkPieces.consignmentId))
    .leftJoin(contacts, eq(contacts.id, consignments.contactId))
    .where(inArray(artworkPieces.artworkId, artworkIds))
    .orderBy(artworkPieces.artworkId, KIND_ORDER, asc(artworkPieces.number));
  return new Map(rows.map((r) => [r.artworkId, r]));
}

/** Every artwork of the artist with its first piece, page by page. */
export async function* exportRows(
  db: Db,
  userId: string,
  pageSize = 500,
): AsyncGenerator<{ artwork: ExportArtwork; piece: ExportPiece | null }> {
  let after: Cursor = null;
  for (;;) {
    const page = await exportPage(db, userId, after, pageSize);
    if (!page.length) return;
    const pieces = await firstPieces(
      db,
      page.map((a) => a.id),
    );
    for (const artwork of page) yield { artwork, piece: pieces.get(artwork.id) ?? null };
    if (page.length < pageSize) return;
    const last = page[page.length - 1];
    after = { title: last.title, id: last.id };
  }
}
