import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { JournalQuery, JournalType } from '../../src/schemas/journal.schema';
import type { Db } from '../db/database';
import { artworkMedia, journalEntries } from '../db/schema';
import { decodeCursor, encodeCursor } from './journal.cursor';
import type { JournalRow } from './journal.dto';

export interface ArtworkEvent {
  userId: string;
  type: 'artwork.new' | 'artwork.updated';
  artworkId: string;
  title: string;
  /** The artwork's primary image at the time, for the thumbnail. */
  mediaId: string | null;
  changedFields?: string[];
}

const named = (title: string) => `'${title.trim() || 'Untitled'}'`;

type ArtworkType = Extract<JournalType, `artwork.${string}`>;
type CollectionType = Extract<JournalType, `collection.${string}`>;

export const journalMessage = (type: ArtworkType, title: string) =>
  type === 'artwork.new' ? `Artwork ${named(title)} was created` : `Artwork ${named(title)} was updated`;

const COLLECTION_MESSAGE: Record<CollectionType, string> = {
  'collection.new': 'New collection',
  'collection.updated': 'Collection updated',
  'collection.deleted': 'Collection deleted',
};
/** "New collection: Summer studies": the title is required, so it reads as a plain name after the colon. */
export const collectionJournalMessage = (type: CollectionType, title: string) => `${COLLECTION_MESSAGE[type]}: ${title.trim()}`;

export interface CollectionEvent {
  userId: string;
  type: CollectionType;
  collectionId: string;
  title: string;
  /** The cover's primary image at the time, for the thumbnail. */
  mediaId: string | null;
  changedFields?: string[];
}

/** Records a collection event; pass the transaction of the change so both happen or neither does. */
export async function recordCollectionEvent(db: Db, event: CollectionEvent) {
  await db.insert(journalEntries).values({
    userId: event.userId,
    type: event.type,
    message: collectionJournalMessage(event.type, event.title),
    collectionId: event.collectionId,
    mediaId: event.mediaId,
    changedFields: event.changedFields ?? null,
  });
}

/** Records an artwork event; pass the transaction of the change so both happen or neither does. */
export async function recordArtworkEvent(db: Db, event: ArtworkEvent) {
  await db.insert(journalEntries).values({
    userId: event.userId,
    type: event.type,
    message: journalMessage(event.type, event.title),
    artworkId: event.artworkId,
    mediaId: event.mediaId,
    changedFields: event.changedFields ?? null,
  });
}

const micros = sql<string>`(extract(epoch from ${journalEntries.createdAt}) * 1000000)::bigint::text`;

const columns = {
  id: journalEntries.id,
  type: journalEntries.type,
  message: journalEntries.message,
  artworkId: journalEntries.artworkId,
  collectionId: journalEntries.collectionId,
  mediaId: journalEntries.mediaId,
  changedFields: journalEntries.changedFields,
  dismissedAt: journalEntries.dismissedAt,
  createdAt: journalEntries.createdAt,
  mediaExists: sql<boolean>`${artworkMedia.id} is not null`,
};

/** Newest first, `limit` at a time; the cursor (creation time, then id) stays stable while entries are added. */
export async function listJournal(
  db: Db,
  userId: string,
  query: JournalQuery,
): Promise<{ rows: JournalRow[]; nextCursor: string | null } | null> {
  const filters: SQL[] = [eq(journalEntries.userId, userId)];
  if (!query.includeDismissed) filters.push(isNull(journalEntries.dismissedAt));
  if (query.type) filters.push(eq(journalEntries.type, query.type));
  if (query.cursor) {
    const cursor = decodeCursor(query.cursor);
    if (!cursor) return null;
    const at = sql`timestamptz 'epoch' + ${cursor.createdMicros.toString()}::bigint * interval '1 microsecond'`;
    filters.push(sql`(${journalEntries.createdAt}, ${journalEntries.id}) < (${at}, ${cursor.id}::uuid)`);
  }
  const rows = await db
    .select({ ...columns, micros })
    .from(journalEntries)
    .leftJoin(artworkMedia, and(eq(artworkMedia.id, journalEntries.mediaId), eq(artworkMedia.userId, userId)))
    .where(and(...filters))
    .orderBy(desc(journalEntries.createdAt), desc(journalEntries.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const nextCursor = rows.length > query.limit && last ? encodeCursor({ createdMicros: BigInt(last.micros), id: last.id }) : null;
  return { rows: page.map(({ micros: _m, ...row }) => row), nextCursor };
}

/** Marks an entry dismissed (again is fine); null when the user has no such entry. */
export async function dismissJournalEntry(db: Db, userId: string, journalId: string): Promise<JournalRow | null> {
  const [updated] = await db
    .update(journalEntries)
    .set({ dismissedAt: sql`coalesce(${journalEntries.dismissedAt}, now())` })
    .where(and(eq(journalEntries.id, journalId), eq(journalEntries.userId, userId)))
    .returning({ id: journalEntries.id });
  if (!updated) return null;
  const [row] = await db
    .select(columns)
    .from(journalEntries)
    .leftJoin(artworkMedia, and(eq(artworkMedia.id, journalEntries.mediaId), eq(artworkMedia.userId, userId)))
    .where(eq(journalEntries.id, journalId));
  return row ?? null;
}
