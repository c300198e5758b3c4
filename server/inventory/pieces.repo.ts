import { and, asc, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { LifeRecord } from '../../src/machines/artwork-life/artwork-life.types';
import { copyLabel, parseCopy } from '../../src/schemas/inventory-fields';
import type { Db } from '../db/database';
import { artworkPieces, artworks, consignmentItems, sales } from '../db/schema';
import { Invalid, NotFound, VALIDATION_MESSAGE } from '../errors';

export type PieceRow = typeof artworkPieces.$inferSelect;
export type ArtworkRow = typeof artworks.$inferSelect;

/** An artwork with its pieces in order: the unique piece, or the numbered copies then the artist's proofs. */
export interface ArtworkPieces {
  artwork: ArtworkRow;
  pieces: PieceRow[];
}

export const artworkNotFound = () => new NotFound('Artwork not found.');

const KIND_ORDER = sql`case ${artworkPieces.kind} when 'unique' then 0 when 'numbered' then 1 else 2 end`;

/**
 * The artist's artwork and its pieces, locked for this transaction (the artwork first, as every writer of its pieces
 * does, so two changes of one artwork queue rather than deadlock). Throws 404 for another artist's artwork.
 */
export async function lockArtworkPieces(tx: Db, userId: string, artworkId: string): Promise<ArtworkPieces> {
  const [artwork] = await tx
    .select()
    .from(artworks)
    .where(and(eq(artworks.id, artworkId), eq(artworks.userId, userId)))
    .for('update');
  if (!artwork) throw artworkNotFound();
  const pieces = await tx
    .select()
    .from(artworkPieces)
    .where(eq(artworkPieces.artworkId, artworkId))
    .orderBy(KIND_ORDER, asc(artworkPieces.number))
    .for('update');
  return { artwork, pieces };
}

/** The same, read without locking (for answers). */
export async function readArtworkPieces(db: Db, userId: string, artworkId: string): Promise<ArtworkPieces> {
  const [artwork] = await db
    .select()
    .from(artworks)
    .where(and(eq(artworks.id, artworkId), eq(artworks.userId, userId)));
  if (!artwork) throw artworkNotFound();
  const pieces = await db
    .select()
    .from(artworkPieces)
    .where(eq(artworkPieces.artworkId, artworkId))
    .orderBy(KIND_ORDER, asc(artworkPieces.number));
  return { artwork, pieces };
}

/** How a piece is named in answers and in the history: '3/25', 'AP 1/2', or null for a unique work. */
export const copyOf = (artwork: Pick<ArtworkRow, 'editionSize' | 'editionProofs'>, piece: Pick<PieceRow, 'kind' | 'number'>) =>
  copyLabel(piece.kind, piece.number, artwork.editionSize, artwork.editionProofs);

const copyError = (message: string, field = 'copy') => new Invalid(VALIDATION_MESSAGE, { fieldErrors: { [field]: [message] } });

/**
 * The piece a request names: the unique piece when `copy` is left out, else the edition's copy it names. A copy of a
 * unique work, or a copy missing, unreadable or above the edition's size, is a 400 on `field`.
 */
export function pieceNamed({ artwork, pieces }: ArtworkPieces, copy: string | undefined, field = 'copy'): PieceRow {
  if (artwork.editionSize === null) {
    if (copy !== undefined && copy !== '') throw copyError('This artwork is not an edition: leave the copy out', field);
    return pieces[0];
  }
  if (copy === undefined || copy === '') throw copyError('Choose which copy of the edition (like 3/25 or AP 1/2)', field);
  const parsed = parseCopy(copy);
  if (!parsed) throw copyError('Copy must be like 3/25 or AP 1/2', field);
  const size = parsed.kind === 'proof' ? artwork.editionProofs : artwork.editionSize;
  if (parsed.of !== null && parsed.of !== size) {
    throw copyError(`This edition has ${parsed.kind === 'proof' ? `${size} artist's proofs` : `${size} copies`}, not ${parsed.of}`, field);
  }
  if (parsed.number < 1 || parsed.number > size) {
    throw copyError(
      parsed.kind === 'proof'
        ? `AP ${parsed.number} is above the edition's ${size} artist's proofs`
        : `Copy ${parsed.number} is above the edition's size (${size})`,
      field,
    );
  }
  return pieces.find((p) => p.kind === parsed.kind && p.number === parsed.number)!;
}

/** The chart's record of a piece. */
export const pieceRecord = (p: PieceRow): LifeRecord => ({
  sale: p.sale,
  custody: p.custody,
  hold: p.holdContactId && p.holdUntil ? { contactId: p.holdContactId, until: p.holdUntil.toISOString() } : null,
  consignmentId: p.consignmentId,
  loan: p.loanBorrower && p.loanUntil ? { borrower: p.loanBorrower, until: p.loanUntil } : null,
  place: p.place,
});

/** Writes a piece's new record (the chart's next snapshot). */
export async function writeRecord(tx: Db, pieceId: string, r: LifeRecord): Promise<void> {
  await tx
    .update(artworkPieces)
    .set({
      sale: r.sale,
      custody: r.custody,
      holdContactId: r.hold?.contactId ?? null,
      holdUntil: r.hold ? new Date(r.hold.until) : null,
      consignmentId: r.consignmentId,
      loanBorrower: r.loan?.borrower ?? null,
      loanUntil: r.loan?.until ?? null,
      place: r.place,
      updatedAt: sql`now()`,
    })
    .where(eq(artworkPieces.id, pieceId));
}

/**
 * The artwork's saleStatus from its pieces: Available while any is for sale (on hold included), Sold once every
 * numbered copy (the unique piece) is sold, Not For Sale otherwise. Touches updatedAt only when it changes.
 */
export async function refreshSaleStatus(tx: Db, artworkId: string): Promise<void> {
  const derived = sql`(case
    when exists (select 1 from ${artworkPieces} p where p.artwork_id = ${artworkId} and p.sale in ('available', 'reserved')) then 'AVAILABLE'
    when not exists (select 1 from ${artworkPieces} p where p.artwork_id = ${artworkId} and p.kind <> 'proof' and p.sale <> 'sold') then 'SOLD'
    else 'NOT_FOR_SALE' end)`;
  await tx
    .update(artworks)
    .set({ saleStatus: sql`${derived}`, updatedAt: sql`now()` })
    .where(and(eq(artworks.id, artworkId), sql`${artworks.saleStatus} is distinct from ${derived}`));
}

/** The pieces an artwork has for its edition: one unique piece, or the numbered copies and the artist's proofs. */
export function piecesFor(size: number | null, proofs: number): Array<Pick<PieceRow, 'kind' | 'number'>> {
  if (size === null) return [{ kind: 'unique', number: null }];
  return [
    ...Array.from({ length: size }, (_, i) => ({ kind: 'numbered' as const, number: i + 1 })),
    ...Array.from({ length: proofs }, (_, i) => ({ kind: 'proof' as const, number: i + 1 })),
  ];
}

/**
 * A piece recorded on hold whose moment has come by `at`: it reads as lapsed (the artwork-life chart's `holdRunning`
 * is false from the moment itself), until the upkeep writes the lapse down.
 */
export const holdLapsedBy = (at: SQL | Date) => and(eq(artworkPieces.sale, 'reserved'), lte(artworkPieces.holdUntil, at))!;

/** Up to `limit` pieces on hold whose moment has passed (the hold reads as lapsed; the upkeep writes it down). */
export async function lapsedHolds(db: Db, limit: number): Promise<{ artworkId: string; userId: string }[]> {
  return db
    .select({ artworkId: artworkPieces.artworkId, userId: artworkPieces.userId })
    .from(artworkPieces)
    .where(holdLapsedBy(sql`now()`))
    .limit(limit);
}

/** Sets a piece's asking price (both null: no price). */
export async function setPiecePrice(tx: Db, pieceId: string, amount: number | null, currency: string | null): Promise<void> {
  await tx.update(artworkPieces).set({ priceAmount: amount, priceCurrency: currency }).where(eq(artworkPieces.id, pieceId));
}

/** Sets what the public site says of the artwork's price. */
export async function setPriceDisplay(tx: Db, artworkId: string, display: string): Promise<void> {
  await tx.update(artworks).set({ priceDisplay: display }).where(eq(artworks.id, artworkId));
}

/** Which of these pieces were ever sold (returned sales included). */
export async function piecesEverSold(tx: Db, pieceIds: string[]): Promise<{ id: string }[]> {
  return tx.selectDistinct({ id: sales.pieceId }).from(sales).where(inArray(sales.pieceId, pieceIds));
}

/** Which of these pieces were ever consigned (returned ones included). */
export async function piecesEverConsigned(tx: Db, pieceIds: string[]): Promise<{ id: string }[]> {
  return tx.selectDistinct({ id: consignmentItems.pieceId }).from(consignmentItems).where(inArray(consignmentItems.pieceId, pieceIds));
}

export async function deletePieces(tx: Db, pieceIds: string[]): Promise<void> {
  await tx.delete(artworkPieces).where(inArray(artworkPieces.id, pieceIds));
}

/** Gives a piece another kind and number (the unique piece becoming copy 1, or copy 1 the unique piece). */
export async function renamePiece(tx: Db, pieceId: string, to: Pick<PieceRow, 'kind' | 'number'>): Promise<void> {
  await tx.update(artworkPieces).set(to).where(eq(artworkPieces.id, pieceId));
}

export async function insertPieces(tx: Db, pieces: (typeof artworkPieces.$inferInsert)[]): Promise<void> {
  await tx.insert(artworkPieces).values(pieces);
}

/** Records the artwork's edition: `size` copies (null: a unique work) and `proofs` artist's proofs. */
export async function setEditionOf(tx: Db, artworkId: string, size: number | null, proofs: number): Promise<void> {
  await tx
    .update(artworks)
    .set({ editionSize: size, editionProofs: proofs, updatedAt: sql`now()` })
    .where(eq(artworks.id, artworkId));
}
