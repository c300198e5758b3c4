import { recordOf, restoreLife } from '../../src/machines/artwork-life/artwork-life.rules';
import type { Inventory, Piece, PriceDisplay } from '../../src/schemas/inventory.schema';
import type { Db } from '../db/database';
import { consignmentsWithGallery, contactNames } from './inventory.repo';
import { copyOf, pieceRecord, readArtworkPieces, type ArtworkPieces } from './pieces.repo';
import { liveSalesOf } from './sales.repo';

/** An artwork's pieces as of now (lapsed holds answered as lapsed), with the names, consignments and sales they mention. */
export async function inventoryOf(db: Db, { artwork, pieces }: ArtworkPieces): Promise<Inventory> {
  const ids = pieces.map((p) => p.id);
  const consignmentIds = [...new Set(pieces.flatMap((p) => (p.consignmentId ? [p.consignmentId] : [])))];
  const [live, placed] = await Promise.all([
    liveSalesOf(db, ids),
    consignmentIds.length ? consignmentsWithGallery(db, consignmentIds) : Promise.resolve([]),
  ]);
  const holders = [...new Set(pieces.flatMap((p) => (p.holdContactId ? [p.holdContactId] : [])))];
  const holderNames = holders.length ? new Map((await contactNames(db, holders)).map((c) => [c.id, c.name])) : new Map<string, string>();

  const answer: Piece[] = pieces.map((p) => {
    const record = pieceRecord(p);
    const now = recordOf(restoreLife(record));
    const sold = live.find((s) => s.sale.pieceId === p.id);
    const consignment = placed.find((c) => c.id === now.consignmentId);
    return {
      pieceId: p.id,
      kind: p.kind,
      number: p.number,
      copy: copyOf(artwork, p),
      sale: now.sale,
      custody: now.custody,
      hold: now.hold
        ? { contact: { contactId: now.hold.contactId, name: holderNames.get(now.hold.contactId) ?? '' }, until: now.hold.until }
        : null,
      holdLapsed: record.sale === 'reserved' && now.sale === 'available',
      consignment: consignment
        ? {
            consignmentId: consignment.id,
            gallery: { contactId: consignment.contactId, name: consignment.name },
            endsOn: consignment.endsOn,
          }
        : null,
      loan: now.loan,
      place: now.place,
      price: p.priceAmount !== null && p.priceCurrency ? { amount: p.priceAmount, currency: p.priceCurrency } : null,
      currentSale: sold
        ? {
            saleId: sold.sale.id,
            buyer: sold.sale.contactId ? { contactId: sold.sale.contactId, name: sold.buyer ?? '' } : null,
            date: sold.sale.soldOn,
            price: sold.sale.amount !== null && sold.sale.currency ? { amount: sold.sale.amount, currency: sold.sale.currency } : null,
            net: sold.sale.net,
          }
        : null,
    };
  });
  return {
    artworkId: artwork.id,
    edition: artwork.editionSize === null ? null : { size: artwork.editionSize, proofs: artwork.editionProofs },
    remaining: answer.filter((p) => p.sale === 'available' || p.sale === 'reserved').length,
    priceDisplay: artwork.priceDisplay as PriceDisplay,
    pieces: answer,
  };
}

export const readInventory = async (db: Db, userId: string, artworkId: string) =>
  inventoryOf(db, await readArtworkPieces(db, userId, artworkId));
