import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { ContactDetail } from '../../src/schemas/contact-detail.schema';
import { listConsignments } from '../consignments/consignment.repo';
import type { AppDeps } from '../context';
import type { Db } from '../db/database';
import { artworkPieces, artworks, inquiries } from '../db/schema';
import { NotFound } from '../errors';
import { toInquiryDto } from '../inquiries/inquiry.dto';
import { copyOf } from '../inventory/pieces.repo';
import { salesWhere } from '../inventory/sales.service';
import { toContactDto } from './contact.dto';
import { contactByEmail, type ContactRow, createContact, requireContact } from './contact.repo';

/** A contact's page: what they bought, were consigned and hold, and what they wrote from the public site. */
export async function contactDetail(deps: AppDeps, userId: string, contactId: string): Promise<ContactDetail> {
  const { db } = deps;
  const contact = await requireContact(db, userId, contactId);
  const [purchases, consignments, holds, wrote] = await Promise.all([
    salesWhere(db, userId, { contactId }),
    listConsignments(db, userId, deps.mediaUrls, { contactId }),
    db
      .select({ artwork: artworks, piece: artworkPieces })
      .from(artworkPieces)
      .innerJoin(artworks, eq(artworks.id, artworkPieces.artworkId))
      .where(and(eq(artworkPieces.holdContactId, contactId), eq(artworkPieces.sale, 'reserved'), sql`${artworkPieces.holdUntil} > now()`))
      .orderBy(asc(artworkPieces.holdUntil)),
    contact.email
      ? db
          .select()
          .from(inquiries)
          .where(and(eq(inquiries.userId, userId), sql`lower(${inquiries.email}) = ${contact.email}`))
          .orderBy(desc(inquiries.createdAt))
          .limit(100)
      : Promise.resolve([]),
  ]);
  return {
    contact: toContactDto(contact),
    purchases,
    consignments,
    holds: holds.map(({ artwork, piece }) => ({
      artworkId: artwork.id,
      title: artwork.title,
      copy: copyOf(artwork, piece),
      until: piece.holdUntil!.toISOString(),
    })),
    inquiries: wrote.map(toInquiryDto),
  };
}

/** The contact an inquiry is from: the one with its address, or a new collector named as the inquiry was signed. */
export async function contactFromInquiry(db: Db, userId: string, inquiryId: string): Promise<{ row: ContactRow; created: boolean }> {
  const [inquiry] = await db
    .select({ name: inquiries.name, email: inquiries.email })
    .from(inquiries)
    .where(and(eq(inquiries.id, inquiryId), eq(inquiries.userId, userId)));
  if (!inquiry) throw new NotFound('Inquiry not found.');
  const known = await contactByEmail(db, userId, inquiry.email);
  if (known) return { row: known, created: false };
  const row = await createContact(db, userId, {
    name: inquiry.name,
    email: inquiry.email.toLowerCase(),
    phone: '',
    address: '',
    kind: 'collector',
    notes: '',
  });
  return { row, created: true };
}
