import { and, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { InquiryQuery } from '../../src/schemas/inquiry.schema';
import type { Db } from '../db/database';
import { artworks, inquiries, users } from '../db/schema';
// The journal's cursor is a position in any newest-first list keyed by (created_at, id).
import { decodeCursor, encodeCursor } from '../journal/journal.cursor';

export type InquiryRow = typeof inquiries.$inferSelect;

export interface NewInquiry {
  userId: string;
  artworkId: string;
  artworkTitle: string;
  name: string;
  email: string;
  message: string;
}

/**
 * Stores a buyer's message; `db` is the transaction that also records its mail, so both are kept or neither. The
 * artwork link is kept only while the artwork exists (a deleted one may still be on the live site until the next
 * publish); its title is kept as published either way. Answers the new id and the artist's address.
 */
export async function insertInquiry(db: Db, inquiry: NewInquiry): Promise<{ id: string; artistEmail: string } | null> {
  const [artist] = await db.select({ email: users.email }).from(users).where(eq(users.id, inquiry.userId));
  if (!artist) return null;
  const [artwork] = await db
    .select({ id: artworks.id })
    .from(artworks)
    .where(and(eq(artworks.id, inquiry.artworkId), eq(artworks.userId, inquiry.userId)));
  const [row] = await db
    .insert(inquiries)
    .values({ ...inquiry, artworkId: artwork?.id ?? null })
    .returning({ id: inquiries.id });
  return { id: row.id, artistEmail: artist.email };
}

const micros = sql<string>`(extract(epoch from ${inquiries.createdAt}) * 1000000)::bigint::text`;

/** Newest first, `limit` at a time, with how many are unread in all; null when the cursor is not one of ours. */
export async function listInquiries(
  db: Db,
  userId: string,
  query: InquiryQuery,
): Promise<{ rows: InquiryRow[]; nextCursor: string | null; unreadCount: number } | null> {
  const filters: SQL[] = [eq(inquiries.userId, userId)];
  if (query.cursor) {
    const cursor = decodeCursor(query.cursor);
    if (!cursor) return null;
    const at = sql`timestamptz 'epoch' + ${cursor.createdMicros.toString()}::bigint * interval '1 microsecond'`;
    filters.push(sql`(${inquiries.createdAt}, ${inquiries.id}) < (${at}, ${cursor.id}::uuid)`);
  }
  const [rows, [unread]] = await Promise.all([
    db
      .select({ row: inquiries, micros })
      .from(inquiries)
      .where(and(...filters))
      .orderBy(desc(inquiries.createdAt), desc(inquiries.id))
      .limit(query.limit + 1),
    db
      .select({ n: count() })
      .from(inquiries)
      .where(and(eq(inquiries.userId, userId), isNull(inquiries.readAt))),
  ]);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const nextCursor = rows.length > query.limit && last ? encodeCursor({ createdMicros: BigInt(last.micros), id: last.row.id }) : null;
  return { rows: page.map((r) => r.row), nextCursor, unreadCount: Number(unread.n) };
}

/** Marks the artist's inquiry read (again changes nothing); null when they have no such inquiry. */
export async function markInquiryRead(db: Db, userId: string, inquiryId: string): Promise<InquiryRow | null> {
  const [row] = await db
    .update(inquiries)
    .set({ readAt: sql`coalesce(${inquiries.readAt}, now())` })
    .where(and(eq(inquiries.id, inquiryId), eq(inquiries.userId, userId)))
    .returning();
  return row ?? null;
}

/** The mail to the artist went out. */
export const markInquiryMailed = (db: Db, inquiryId: string) =>
  db
    .update(inquiries)
    .set({ mailedAt: sql`coalesce(${inquiries.mailedAt}, now())` })
    .where(eq(inquiries.id, inquiryId));

/** An inquiry with the artist's address of now (it may have changed since the buyer wrote), for its mail. */
export async function inquiryForMail(db: Db, inquiryId: string) {
  const [found] = await db
    .select({ inquiry: inquiries, artistEmail: users.email })
    .from(inquiries)
    .innerJoin(users, eq(users.id, inquiries.userId))
    .where(eq(inquiries.id, inquiryId));
  return found ?? null;
}
