import type { LifeRecord } from '../../src/machines/artwork-life/artwork-life.types';
import type { HistoryChange } from '../../src/schemas/history.schema';
import { CUSTODY_STATE_LABELS, SALE_STATE_LABELS } from '../../src/schemas/inventory.schema';
import type { Db } from '../db/database';
import { consignmentGalleryIds, contactNames } from './inventory.repo';

/** Names the history needs: contacts by id, and each consignment's gallery by the consignment's id. */
export interface LifeNames {
  contacts: Map<string, string>;
  galleries: Map<string, string>;
}

/** The names of the contacts and galleries these records mention. */
export async function namesOf(db: Db, records: LifeRecord[]): Promise<LifeNames> {
  const contactIds = [...new Set(records.flatMap((r) => (r.hold ? [r.hold.contactId] : [])))];
  const consignmentIds = [...new Set(records.flatMap((r) => (r.consignmentId ? [r.consignmentId] : [])))];
  const [people, galleries] = await Promise.all([
    contactIds.length ? contactNames(db, contactIds) : Promise.resolve([]),
    consignmentIds.length ? consignmentGalleryIds(db, consignmentIds) : Promise.resolve([]),
  ]);
  const galleryNames = galleries.length
    ? await contactNames(
        db,
        galleries.map((g) => g.contactId),
      )
    : [];
  const byId = new Map(galleryNames.map((g) => [g.id, g.name]));
  return {
    contacts: new Map(people.map((p) => [p.id, p.name])),
    galleries: new Map(galleries.map((g) => [g.id, byId.get(g.contactId) ?? 'a gallery'])),
  };
}

const day = (iso: string) => iso.slice(0, 10);

/** A piece's sale state in words: 'On hold for Ada Lovelace until 2026-03-05'. */
export function saleWords(r: LifeRecord, names: LifeNames): string {
  if (r.sale === 'reserved' && r.hold)
    return `On hold for ${names.contacts.get(r.hold.contactId) ?? 'a contact'} until ${day(r.hold.until)}`;
  return SALE_STATE_LABELS[r.sale];
}

/** Where a piece is, in words: 'Consigned to Galerie Nord', 'On loan to Tate Modern until 2026-05-01', 'Elsewhere: the framer'. */
export function custodyWords(r: LifeRecord, names: LifeNames): string {
  if (r.custody === 'consigned' && r.consignmentId) return `Consigned to ${names.galleries.get(r.consignmentId) ?? 'a gallery'}`;
  if (r.custody === 'onLoan' && r.loan) return `On loan to ${r.loan.borrower} until ${r.loan.until}`;
  if (r.custody === 'elsewhere' && r.place) return `Elsewhere: ${r.place}`;
  return CUSTODY_STATE_LABELS[r.custody];
}

/** What changed between two records, sale status first. */
export function lifeChanges(before: LifeRecord, after: LifeRecord, names: LifeNames): HistoryChange[] {
  const out: HistoryChange[] = [];
  const [s0, s1] = [saleWords(before, names), saleWords(after, names)];
  if (s0 !== s1) out.push({ what: 'Sale status', from: s0, to: s1 });
  const [c0, c1] = [custodyWords(before, names), custodyWords(after, names)];
  if (c0 !== c1) out.push({ what: 'Where', from: c0, to: c1 });
  return out;
}
