import type { Db } from '../db/database';
import { NotFound } from '../errors';
import { type ContactRow, contactByEmail, createContact, inquirySender } from './contact.repo';

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
