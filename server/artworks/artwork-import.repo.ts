import { sql } from 'drizzle-orm';
import { todayUtc } from '../../src/schemas/inventory-fields';
import { saleTotals } from '../../src/schemas/money.schema';
import type { Db } from '../db/database';
import { artworkPieces, artworks, journalEntries, sales } from '../db/schema';
import { copyOf, piecesFor } from '../inventory/pieces.repo';
import { historyMessage } from '../journal/history.repo';
import { journalMessage } from '../journal/journal.repo';
import { importedLife } from './artwork-import.life';
import type { ImportWork } from './artwork-import.parse';
import { normalizeDimensions } from './artwork.dto';

/** Rows per insert: well inside PostgreSQL's 65,535 parameters per statement. */
const CHUNK = 500;

const chunks = <T>(items: T[]) =>
  Array.from({ length: Math.ceil(items.length / CHUNK) }, (_, i) => items.slice(i * CHUNK, (i + 1) * CHUNK));

async function insertAll<T>(items: T[], insert: (part: T[]) => Promise<unknown>) {
  for (const part of chunks(items)) await insert(part);
}

/**
 * Creates the imported works in one transaction: all of them or, on any failure (or a crash), none. Each work gets
 * what creating it would write (its pieces, an 'artwork.new' journal entry), and each piece the life the chart gives
 * it (server/artworks/artwork-import.life.ts): moved to its place, or sold to an unknown buyer with the sale recorded,
 * each step in its history as a change made by hand would be. A few statements per 500 works, not several per piece.
 */
export function importArtworks(db: Db, userId: string, works: ImportWork[]): Promise<number> {
  const today = todayUtc();
  return db.transaction(async (tx) => {
    for (const batch of chunks(works)) {
      const lives = batch.map((w) => importedLife(w, today));
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
            // Every piece starts alike, so the status derived from them (refreshSaleStatus) is the row's own.
            saleStatus: w.values.saleStatus,
            editionSize: w.edition?.size ?? null,
            editionProofs: w.edition?.proofs ?? 0,
            inventoryNumber: w.inventoryNumber,
          })),
        )
        .returning();
      await tx.insert(journalEntries).values(
        rows.map((row) => ({
          userId,
          type: 'artwork.new' as const,
          message: journalMessage('artwork.new', row.title),
          artworkId: row.id,
        })),
      );
      const wanted = rows.flatMap((row, i) =>
        piecesFor(batch[i].edition?.size ?? null, batch[i].edition?.proofs ?? 0).map((p) => ({
          ...p,
          artworkId: row.id,
          userId,
          sale: lives[i].record.sale,
          custody: lives[i].record.custody,
          place: lives[i].record.place,
          priceAmount: batch[i].price?.amount ?? null,
          priceCurrency: batch[i].price?.currency ?? null,
        })),
      );
      const pieces: Array<typeof artworkPieces.$inferSelect> = [];
      await insertAll(wanted, async (part) => pieces.push(...(await tx.insert(artworkPieces).values(part).returning())));
      const index = new Map(rows.map((row, i) => [row.id, i]));
      const history = pieces.flatMap((piece) => {
        const i = index.get(piece.artworkId)!;
        const copy = copyOf(rows[i], piece);
        return lives[i].steps.map((step) => ({
          userId,
          type: step.type,
          message: historyMessage(rows[i].title, copy, step.phrase),
          artworkId: piece.artworkId,
          pieceId: piece.id,
          copy,
          changes: step.changes,
          occurredOn: step.occurredOn,
          // In the order taken, after the work's creation (its entry's time is the transaction's start).
          createdAt: sql`clock_timestamp()`,
        }));
      });
      await insertAll(history, (part) => tx.insert(journalEntries).values(part));
      const sold = pieces.filter((p) => p.sale === 'sold');
      await insertAll(sold, (part) =>
        tx.insert(sales).values(
          part.map((piece) => {
            const price = batch[index.get(piece.artworkId)!].price;
            const totals = price ? saleTotals(price.amount, 0, 0) : null;
            return {
              userId,
              artworkId: piece.artworkId,
              pieceId: piece.id,
              soldOn: today,
              amount: price?.amount ?? null,
              currency: price?.currency ?? null,
              commission: totals?.commission ?? null,
              net: totals?.net ?? null,
            };
          }),
        ),
      );
    }
    return works.length;
  });
}
