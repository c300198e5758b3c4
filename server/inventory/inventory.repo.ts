import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/database';
import { consignments, contacts } from '../db/schema';

// The names and consignments an artwork's pieces mention, read by the inventory and its history.

/** The names of these contacts. */
export async function contactNames(db: Db, contactIds: string[]): Promise<{ id: string; name: string }[]> {
  return db.select({ id: contacts.id, name: contacts.name }).from(contacts).where(inArray(contacts.id, contactIds));
}

/** The gallery (its contact) of each of these consignments. */
export async function consignmentGalleryIds(db: Db, consignmentIds: string[]): Promise<{ id: string; contactId: string }[]> {
  return db
    .select({ id: consignments.id, contactId: consignments.contactId })
    .from(consignments)
    .where(inArray(consignments.id, consignmentIds));
}

/** These consignments with their end and their gallery's id and name. */
export async function consignmentsWithGallery(
  db: Db,
  consignmentIds: string[],
): Promise<{ id: string; endsOn: string; contactId: string; name: string }[]> {
  return db
    .select({ id: consignments.id, endsOn: consignments.endsOn, contactId: contacts.id, name: contacts.name })
    .from(consignments)
    .innerJoin(contacts, eq(contacts.id, consignments.contactId))
    .where(inArray(consignments.id, consignmentIds));
}
