import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { CONTACT_LIST_LIMIT, type ContactListQuery, type ContactValues } from '../../src/schemas/contact.schema';
import type { Db } from '../db/database';
import { artworkPieces, artworks, consignments, contacts, inquiries, sales } from '../db/schema';
import { Conflict, NotFound } from '../errors';

export type ContactRow = typeof contacts.$inferSelect;

export const contactNotFound = () => new NotFound('Contact not found.');

const containing = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

/** The artist's contacts by name (then id), narrowed by a search of name and e-mail and by kind; at most 1000. */
export async function listContacts(db: Db, userId: string, query: ContactListQuery): Promise<{ rows: ContactRow[]; truncated: boolean }> {
  const filters: SQL[] = [eq(contacts.userId, userId)];
  if (query.q) filters.push(or(ilike(contacts.name, containing(query.q)), ilike(contacts.email, containing(query.q)))!);
  if (query.kind) filters.push(eq(contacts.kind, query.kind));
  const rows = await db
    .select()
    .from(contacts)
    .where(and(...filters))
    .orderBy(sql`lower(${contacts.name})`, asc(contacts.id))
    .limit(CONTACT_LIST_LIMIT + 1);
  return { rows: rows.slice(0, CONTACT_LIST_LIMIT), truncated: rows.length > CONTACT_LIST_LIMIT };
}

export async function findContact(db: Db, userId: string, contactId: string): Promise<ContactRow | null> {
  const [row] = await db
    .select()
    .from(contacts)
    .where(and(eq(contacts.id, contactId), eq(contacts.userId, userId)));
  return row ?? null;
}

/** The artist's contact, or 404 (another artist's contact is not found either). */
export async function requireContact(db: Db, userId: string, contactId: string): Promise<ContactRow> {
  const row = await findContact(db, userId, contactId);
  if (!row) throw contactNotFound();
  return row;
}

/** The artist's contact with this address (case aside), or null. */
export async function contactByEmail(db: Db, userId: string, email: string): Promise<ContactRow | null> {
  if (!email) return null;
  const [row] = await db
    .select()
    .from(contacts)
    .where(and(eq(contacts.userId, userId), eq(contacts.email, email.toLowerCase())))
    .orderBy(asc(contacts.createdAt))
    .limit(1);
  return row ?? null;
}

export async function createContact(db: Db, userId: string, values: ContactValues): Promise<ContactRow> {
  const [row] = await db
    .insert(contacts)
    .values({ userId, ...values })
    .returning();
  return row;
}

export async function updateContact(db: Db, userId: string, contactId: string, values: ContactValues): Promise<ContactRow> {
  const [row] = await db
    .update(contacts)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(contacts.id, contactId), eq(contacts.userId, userId)))
    .returning();
  if (!row) throw contactNotFound();
  return row;
}

/**
 * Deletes a contact that nothing refers to. One who bought, holds or was consigned a work stays: their sales and
 * consignments name them (409 saying so).
 */
export function deleteContact(db: Db, userId: string, contactId: string): Promise<void> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: contacts.id })
      .from(contacts)
      .where(and(eq(contacts.id, contactId), eq(contacts.userId, userId)))
      .for('update');
    if (!row) throw contactNotFound();
    const [[bought], [consigned], [holding]] = await Promise.all([
      tx.select({ n: count() }).from(sales).where(eq(sales.contactId, contactId)),
      tx.select({ n: count() }).from(consignments).where(eq(consignments.contactId, contactId)),
      tx.select({ n: count() }).from(artworkPieces).where(eq(artworkPieces.holdContactId, contactId)),
    ]);
    if (bought.n || consigned.n || holding.n) {
      throw new Conflict('This contact has purchases, consignments or holds, which keep their name: it cannot be deleted.', {
        code: 'CONTACT_IN_USE',
      });
    }
    await tx.delete(contacts).where(eq(contacts.id, contactId));
  });
}

/** The pieces on hold for the contact now, with their artworks, the hold ending soonest first. */
export async function piecesHeldFor(db: Db, contactId: string) {
  return db
    .select({ artwork: artworks, piece: artworkPieces })
    .from(artworkPieces)
    .innerJoin(artworks, eq(artworks.id, artworkPieces.artworkId))
    .where(and(eq(artworkPieces.holdContactId, contactId), eq(artworkPieces.sale, 'reserved'), sql`${artworkPieces.holdUntil} > now()`))
    .orderBy(asc(artworkPieces.holdUntil));
}

/** The artist's inquiries sent from this address (stored lower case; the inquiry's as typed), newest first; at most 100. */
export async function inquiriesFromAddress(db: Db, userId: string, email: string) {
  return db
    .select()
    .from(inquiries)
    .where(and(eq(inquiries.userId, userId), sql`lower(${inquiries.email}) = ${email}`))
    .orderBy(desc(inquiries.createdAt))
    .limit(100);
}

/** Who signed the artist's inquiry, or undefined when the artist has no such inquiry. */
export async function inquirySender(db: Db, userId: string, inquiryId: string): Promise<{ name: string; email: string } | undefined> {
  const [inquiry] = await db
    .select({ name: inquiries.name, email: inquiries.email })
    .from(inquiries)
    .where(and(eq(inquiries.id, inquiryId), eq(inquiries.userId, userId)));
  return inquiry;
}
