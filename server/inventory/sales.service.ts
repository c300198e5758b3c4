import { todayUtc } from '../../src/schemas/inventory-fields';
import { formatMoney, fromBasisPoints, saleTotals, toBasisPoints, type Money } from '../../src/schemas/money.schema';
import type { Sale, SaleValues } from '../../src/schemas/sale.schema';
import { requireContact } from '../contacts/contact.repo';
import type { Db } from '../db/database';
import { Conflict, NotFound } from '../errors';
import { changeLife } from './life';
import { type ArtworkRow, copyOf, lockArtworkPieces, pieceNamed, type PieceRow, refreshSaleStatus } from './pieces.repo';
import {
  artworkOfSale,
  consignmentForSale,
  insertSale,
  lockSale,
  markConsignmentItemSold,
  markSaleReturned,
  type SaleRow,
  salesToContact,
} from './sales.repo';

export type { SaleRow } from './sales.repo';

export const saleNotFound = () => new NotFound('Sale not found.');

interface NewSale {
  buyer: { id: string; name: string } | null;
  consignment: { id: string; commissionBasisPoints: number } | null;
  date: string;
  price: Money | null;
  discount: number;
  commissionBasisPoints: number;
  tax: number;
  invoiceNumber: string;
  note: string;
}

/**
 * Sells one piece (the chart's 'sale.record', which also hands it to its buyer) and records the sale with its
 * commission and net computed here; sold through a consignment, the consignment's item is marked sold. The caller
 * holds the artwork's lock and refreshes its saleStatus.
 */
export async function sellPiece(tx: Db, artwork: ArtworkRow, piece: PieceRow, s: NewSale, about?: string): Promise<SaleRow> {
  await changeLife(
    tx,
    artwork,
    piece,
    {
      type: 'artwork.sold',
      event: { type: 'sale.record', buyerId: s.buyer?.id ?? null },
      phrase: s.buyer ? `was sold to ${s.buyer.name}` : 'was sold',
      note: s.note,
      occurredOn: s.date,
      extra: s.price ? [{ what: 'Sold for', from: null, to: formatMoney(s.price) }] : [],
    },
    about,
  );
  const totals = s.price ? saleTotals(s.price.amount, s.discount, s.commissionBasisPoints) : null;
  const row = await insertSale(tx, {
    userId: artwork.userId,
    artworkId: artwork.id,
    pieceId: piece.id,
    contactId: s.buyer?.id ?? null,
    consignmentId: s.consignment?.id ?? null,
    soldOn: s.date,
    amount: s.price?.amount ?? null,
    currency: s.price?.currency ?? null,
    discount: s.discount,
    commissionBasisPoints: s.commissionBasisPoints,
    commission: totals?.commission ?? null,
    tax: s.tax,
    net: totals?.net ?? null,
    invoiceNumber: s.invoiceNumber,
    note: s.note,
  });
  if (s.consignment) await markConsignmentItemSold(tx, s.consignment.id, piece.id, row.id);
  return row;
}

/** POST /api/artwork/{id}/sale. */
export function recordSale(db: Db, userId: string, artworkId: string, input: SaleValues): Promise<Sale> {
  return db.transaction(async (tx) => {
    const ap = await lockArtworkPieces(tx, userId, artworkId);
    const piece = pieceNamed(ap, input.copy);
    const buyer = await requireContact(tx, userId, input.contactId);
    const consignmentId = input.consignmentId ?? (piece.custody === 'consigned' ? piece.consignmentId : null);
    let consignment: NewSale['consignment'] = null;
    if (consignmentId) {
      const found = await consignmentForSale(tx, userId, consignmentId);
      if (!found) throw new NotFound('Consignment not found.');
      if (piece.consignmentId !== found.id) throw new Conflict('This work is not at that consignment', { code: 'NOT_IN_CONSIGNMENT' });
      consignment = found;
    }
    const row = await sellPiece(tx, ap.artwork, piece, {
      buyer,
      consignment,
      date: input.date,
      price: input.price,
      discount: input.discount,
      commissionBasisPoints:
        input.commissionPercent !== undefined ? toBasisPoints(input.commissionPercent) : (consignment?.commissionBasisPoints ?? 0),
      tax: input.tax,
      invoiceNumber: input.invoiceNumber,
      note: input.note,
    });
    await refreshSaleStatus(tx, artworkId);
    return toSaleDto(row, ap.artwork.title, copyOf(ap.artwork, piece), buyer.name);
  });
}

/**
 * Records an artwork created as sold (or imported as sold): a sale to an unknown buyer at an unknown price (unless
 * given), on the day given, so that Sold is still reached only by a recorded sale.
 */
export async function sellToUnknownBuyer(tx: Db, artwork: ArtworkRow, piece: PieceRow, date = todayUtc(), price: Money | null = null) {
  return sellPiece(tx, artwork, piece, {
    buyer: null,
    consignment: null,
    date,
    price,
    discount: 0,
    commissionBasisPoints: 0,
    tax: 0,
    invoiceNumber: '',
    note: '',
  });
}

/** POST /api/sale/{id}/return: the sale is returned (the chart's 'sale.return'); the piece is back, for sale. */
export function returnSale(db: Db, userId: string, saleId: string, input: { date?: string; note: string }): Promise<Sale> {
  return db.transaction(async (tx) => {
    const found = await artworkOfSale(tx, userId, saleId);
    if (!found) throw saleNotFound();
    // The artwork first, as every writer of its pieces locks it, then the sale.
    const ap = await lockArtworkPieces(tx, userId, found.artworkId);
    const sale = await lockSale(tx, saleId);
    if (sale.returnedAt) throw new Conflict('This sale was already returned', { code: 'ALREADY_RETURNED' });
    const piece = ap.pieces.find((p) => p.id === sale.pieceId)!;
    const date = input.date ?? todayUtc();
    await changeLife(tx, ap.artwork, piece, {
      type: 'artwork.saleReturned',
      event: { type: 'sale.return' },
      phrase: 'came back: its sale was returned',
      note: input.note,
      occurredOn: date,
    });
    const row = await markSaleReturned(tx, saleId, date);
    await refreshSaleStatus(tx, ap.artwork.id);
    const buyer = row.contactId ? await requireContact(tx, userId, row.contactId) : null;
    return toSaleDto(row, ap.artwork.title, copyOf(ap.artwork, piece), buyer?.name ?? null);
  });
}

export function toSaleDto(row: SaleRow, title: string, copy: string | null, buyerName: string | null): Sale {
  return {
    saleId: row.id,
    artworkId: row.artworkId,
    artworkTitle: title,
    pieceId: row.pieceId,
    copy,
    buyer: row.contactId ? { contactId: row.contactId, name: buyerName ?? '' } : null,
    consignmentId: row.consignmentId,
    date: row.soldOn,
    price: row.amount !== null && row.currency ? { amount: row.amount, currency: row.currency } : null,
    discount: row.discount,
    commissionPercent: fromBasisPoints(row.commissionBasisPoints),
    commission: row.commission,
    tax: row.tax,
    net: row.net,
    invoiceNumber: row.invoiceNumber,
    note: row.note,
    returnedOn: row.returnedOn,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Sales with their artwork's title, copy and buyer's name, newest first: a contact's purchases. */
export async function salesWhere(db: Db, userId: string, filter: { contactId: string }): Promise<Sale[]> {
  const rows = await salesToContact(db, userId, filter.contactId);
  return rows.map((r) => toSaleDto(r.sale, r.artwork.title, copyOf(r.artwork, r.piece), r.buyer));
}
