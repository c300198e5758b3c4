import type { Contact } from '../../schemas/contact.schema';
import type { ConsignmentInput } from '../../schemas/consignment.schema';

/**
 * The terms of a consignment as the artist types them, shared by the Inventory tab's Consign dialog (one piece) and
 * My Artworks' Consign... (the chosen works): which gallery, the commission, from and until when, a note.
 */
export interface ConsignTerms {
  contactId: string;
  commissionPercent: string;
  startsOn: string;
  endsOn: string;
  note: string;
}

/** A day where the artist is, `days` from today, YYYY-MM-DD. */
export const localDay = (days = 0) => {
  const d = new Date(Date.now() + days * 86_400_000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** What a Consign dialog starts with: half to the gallery, from today for three months. */
export const startTerms = (): ConsignTerms => ({
  contactId: '',
  commissionPercent: '50',
  startsOn: localDay(),
  endsOn: localDay(90),
  note: '',
});

/** A typed number, or undefined when left empty (the server says what is wrong with the rest). */
export const optionalNumber = (typed: string) => (typed.trim() === '' ? undefined : Number(typed));

/**
 * POST /api/consignment for typed terms and the works (unique works by artworkIds, an edition's copies by copies).
 * Every rule (a gallery chosen, the commission between 0 and 100, the end on or after the start) is the server's: it
 * answers 400 with the field, so the app never states a rule twice.
 */
export const consignmentRequest = (
  terms: Partial<ConsignTerms>,
  works: Pick<ConsignmentInput, 'artworkIds' | 'copies'>,
): ConsignmentInput => ({
  contactId: terms.contactId ?? '',
  ...works,
  commissionPercent: optionalNumber(terms.commissionPercent ?? '') as number,
  startsOn: terms.startsOn ?? '',
  endsOn: terms.endsOn ?? '',
  note: terms.note ?? '',
});

/** The contacts a consignment can go to. */
export const galleriesOf = (contacts: Contact[]) => contacts.filter((c) => c.kind === 'gallery');
