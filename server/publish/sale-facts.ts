import { recordOf, restoreLife } from '../../src/machines/artwork-life/artwork-life.rules';
import { formatMoney } from '../../src/schemas/money.schema';
import { pieceRecord, type ArtworkRow, type PieceRow } from '../inventory/pieces.repo';

/** What the public site says of a work's sale: its status, its price (as the artist chose), its edition. */
export interface SaleFacts {
  /** 'Available', 'Reserved', 'Sold' or 'Not For Sale': a work on hold is Reserved, never Available. */
  saleStatus: string;
  /** 'EUR 1,250.00', 'From EUR 450.00', 'Price on request', or null: nothing is said. */
  price: string | null;
  /** 'Edition of 25 + 2 AP, 3 available', or null for a unique work. */
  edition: string | null;
}

/**
 * A work's sale as published now: each piece's chart restored as of now (a lapsed hold is available again). Available
 * only while some piece is; otherwise Reserved while one is on hold, Sold once the numbered copies (the work) are sold.
 * The price is said only while it can be bought or is reserved, and only as the artist chose (a price, "Price on
 * request" or nothing); an edition's copies for sale at different prices read "From" the lowest.
 */
export function saleFacts(artwork: Pick<ArtworkRow, 'priceDisplay' | 'editionSize' | 'editionProofs'>, pieces: PieceRow[]): SaleFacts {
  const now = pieces.map((p) => ({ piece: p, sale: recordOf(restoreLife(pieceRecord(p))).sale }));
  const available = now.filter((p) => p.sale === 'available');
  const reserved = now.filter((p) => p.sale === 'reserved');
  const numbered = now.filter((p) => p.piece.kind !== 'proof');
  const saleStatus = available.length
    ? 'Available'
    : reserved.length
      ? 'Reserved'
      : numbered.length && numbered.every((p) => p.sale === 'sold')
        ? 'Sold'
        : 'Not For Sale';
  const offered = available.length ? available : reserved;
  let price: string | null = null;
  if (offered.length && artwork.priceDisplay === 'onRequest') price = 'Price on request';
  if (offered.length && artwork.priceDisplay === 'price') {
    const priced = offered.flatMap(({ piece: p }) =>
      p.priceAmount !== null && p.priceCurrency ? [{ amount: p.priceAmount, currency: p.priceCurrency }] : [],
    );
    const currencies = new Set(priced.map((m) => m.currency));
    // Prices in several currencies cannot be compared: the first copy's is shown.
    const lowest = currencies.size === 1 ? priced.reduce((a, b) => (b.amount < a.amount ? b : a)) : priced[0];
    if (lowest)
      price = `${priced.some((m) => m.amount !== lowest.amount || m.currency !== lowest.currency) ? 'From ' : ''}${formatMoney(lowest)}`;
  }
  const edition =
    artwork.editionSize === null
      ? null
      : `Edition of ${artwork.editionSize}${artwork.editionProofs ? ` + ${artwork.editionProofs} AP` : ''}, ${available.length} available`;
  return { saleStatus, price, edition };
}
