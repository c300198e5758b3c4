import type { ContactDetail } from '../../src/schemas/contact-detail.schema';
import { listConsignments } from '../consignments/consignment.repo';
import { toContactDto } from '../contacts/contact.dto';
import { inquiriesFromAddress, piecesHeldFor, requireContact } from '../contacts/contact.repo';
import type { AppDeps } from '../context';
import { toInquiryDto } from '../inquiries/inquiry.dto';
import { copyOf } from '../inventory/pieces.repo';
import { salesWhere } from '../inventory/sales.service';

/**
 * A contact's page: what they bought, were consigned and hold, and what they wrote from the public site. It reads
 * consignments and inventory, which build on contacts, so app.ts hands it to the contacts' routes.
 */
export async function contactDetail(deps: AppDeps, userId: string, contactId: string): Promise<ContactDetail> {
  const { db } = deps;
  const contact = await requireContact(db, userId, contactId);
  const [purchases, consignments, holds, wrote] = await Promise.all([
    salesWhere(db, userId, { contactId }),
    listConsignments(db, userId, deps.mediaUrls, { contactId }),
    piecesHeldFor(db, contactId),
    contact.email ? inquiriesFromAddress(db, userId, contact.email) : Promise.resolve([]),
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
