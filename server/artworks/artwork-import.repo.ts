import type { Db } from '../db/database';
import { artworkPieces, artworks, journalEntries } from '../db/schema';
import { changeLife } from '../inventory/life';
import { piecesFor, refreshSaleStatus, type PieceRow } from '../inventory/pieces.repo';
import { sellToUnknownBuyer } from '../inventory/sales.service';
import { journalMessage } from '../journal/journal.repo';
import type { ImportWork } from './artwork-import.parse';
import { normalizeDimensions } from './artwork.dto';

/** Rows per insert: well inside PostgreSQL's 65,535 parameters per statement. */
const CHUNK = 500;

const chunks = <T>(items: T[]) =>
  Array.from({ length: Math.ceil(items.length / CHUNK) }, (_, i) => items.slice(i * CHUNK, (i + 1) * CHUNK));

/**
 * Creates the imported works in one transaction: all of them or, on any failure (or a crash), none. Each work is
 * created as a new artwork is (its pieces, an 'artwork.new' journal entry); a place moves its pieces there and SOLD
 * sells them to an unknown buyer, both through the artwork's chart, so the history and the journal say so.
 */
export function importArtworks(db: Db, userId: string, works: ImportWork[]): Promise<number> {
  return db.transaction(async (tx) => {
    for (const batch of chunks(works)) {
      const rows = await tx
        .insert(artworks)
        .values(
          batch.map((w) => ({
            userId,
            title: w.values.title,
            year: w.values.year ?? null,
            medium: w.values.medium,
            mediaType: w.values.mediaType,
            dimensions: normalizeDimensions(w.values.dimensions),
            saleStatus: w.values.saleStatus === 'NOT_FOR_SALE' ? 'NOT_FOR_SALE' : 'AVAILABLE',
            editionSize: w.edition?.size ?? null,
            editionProofs: w.edition?.proofs ?? 0,
            inventoryNumber: w.inventoryNumber,
          })),
        )
        .returning();
      const wanted = rows.flatMap((row, i) =>
        piecesFor(batch[i].edition?.size ?? null, batch[i].edition?.proofs ?? 0).map((p) => ({
          ...p,
          artworkId: row.id,
          userId,
          sale: row.saleStatus === 'NOT_FOR_SALE' ? ('notForSale' as const) : ('available' as const),
          priceAmount: batch[i].price?.amount ?? null,
          priceCurrency: batch[i].price?.currency ?? null,
        })),
      );
      const pieces: PieceRow[] = [];
      for (const part of chunks(wanted)) pieces.push(...(await tx.insert(artworkPieces).values(part).returning()));
      const piecesOf = new Map<string, PieceRow[]>();
      for (const p of pieces) {
        if (!piecesOf.has(p.artworkId)) piecesOf.set(p.artworkId, []);
        piecesOf.get(p.artworkId)!.push(p);
      }
      // The 'artwork.new' entries in one statement: an entry per work, as creating each would write.
      await tx
        .insert(journalEntries)
        .values(rows.map((row) => ({ userId, type: 'artwork.new', message: journalMessage('artwork.new', row.title), artworkId: row.id })));
      for (const [i, row] of rows.entries()) {
        const work = batch[i];
        if (!work.place && work.values.saleStatus !== 'SOLD') continue;
        for (const piece of piecesOf.get(row.id) ?? []) {
          if (work.place) {
            await changeLife(tx, row, piece, {
              type: 'artwork.movedElsewhere',
              event: { type: 'custody.moveElsewhere', place: work.place },
              phrase: `was moved to ${work.place}`,
            });
          }
          if (work.values.saleStatus === 'SOLD') await sellToUnknownBuyer(tx, row, piece, undefined, work.price);
        }
        if (work.values.saleStatus === 'SOLD') await refreshSaleStatus(tx, row.id);
      }
    }
    return works.length;
  });
}
