import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Consignment, ConsignmentItem } from '../../src/schemas/consignment.schema';
import { todayUtc } from '../../src/schemas/inventory-fields';
import { fromBasisPoints } from '../../src/schemas/money.schema';
import type { Db } from '../db/database';
import { artworkPieces, artworks, consignmentItems, consignments, contacts } from '../db/schema';
import { copyOf } from '../inventory/pieces.repo';
import type { MediaUrls } from '../media/media-urls';
import { consignmentNotFound } from './consignment.service';

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
