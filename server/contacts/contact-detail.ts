import type { ContactDetail } from '../../src/schemas/contact-detail.schema';
import { listConsignments } from '../consignments/consignment.repo';
import type { AppDeps } from '../context';
import type { Db } from '../db/database';
import { NotFound } from '../errors';
import { toInquiryDto } from '../inquiries/inquiry.dto';
import { copyOf } from '../inventory/pieces.repo';
import { salesWhere } from '../inventory/sales.service';
import { toContactDto } from './contact.dto';
import {
  contactByEmail,
  type ContactRow,
  createContact,
  inquiriesFromAddress,
  inquirySender,
  piecesHeldFor,
  requireContact,
} from './contact.repo';

/** A contact's page: what they bought, were consigned and hold, and what they wrote from the public site. */
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

/** The contact an inquiry is from: the one with its address, or a new collector named as the inquiry was signed. */
export async function contactFromInquiry(db: Db, userId: string, inquiryId: string): Promise<{ row: ContactRow; created: boolean }> {
  const inquiry = await inquirySender(db, userId, inquiryId);
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
