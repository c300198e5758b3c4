import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { artworkFieldLabel } from '../../src/schemas/artwork-fields';
import type { HistoryChange, HistoryEntry, HistoryQuery } from '../../src/schemas/history.schema';
import type { InventoryJournalType } from '../../src/schemas/journal.schema';
import type { Db } from '../db/database';
import { journalEntries } from '../db/schema';
import { decodeCursor, encodeCursor } from './journal.cursor';

/** One change of an artwork's life, written in the transaction of the change: a journal entry and a line of its history. */
export interface HistoryEvent {
  userId: string;
  type: InventoryJournalType;
  artworkId: string;
  title: string;
  /** The artwork's primary image then, for the journal's thumbnail. */
  mediaId: string | null;
  pieceId: string | null;
  /** '3/25'; null for the artwork as a whole. */
  copy: string | null;
  /** What follows the artwork's name in the journal: 'was sold to Ada Lovelace'. */
  phrase: string;
  changes: HistoryChange[];
  note?: string;
  actor?: 'artist' | 'studio';
  /** The day it happened, as the artist gave it. */
  occurredOn?: string | null;
}

export const historyMessage = (title: string, copy: string | null, phrase: string) =>
  `Artwork '${title.trim() || 'Untitled'}'${copy ? ` (${copy})` : ''} ${phrase}`;

export async function recordHistoryEvent(db: Db, e: HistoryEvent): Promise<void> {
  await db.insert(journalEntries).values({
    userId: e.userId,
    type: e.type,
    message: historyMessage(e.title, e.copy, e.phrase),
    artworkId: e.artworkId,
    mediaId: e.mediaId,
    pieceId: e.pieceId,
    copy: e.copy,
    changes: e.changes,
    note: e.note || null,
    actor: e.actor ?? 'artist',
    occurredOn: e.occurredOn ?? null,
    // Several changes in one transaction (a lapse, then what lapsed it) keep their order: now() is the same for all.
    createdAt: sql`clock_timestamp()`,
  });
}

const micros = sql<string>`(extract(epoch from ${journalEntries.createdAt}) * 1000000)::bigint::text`;

/** What an 'artwork.updated' entry changed, for entries written before changes were kept: the fields by name. */
const updatedFields = (fields: string[] | null): HistoryChange[] =>
  (fields ?? []).map((key) => ({ what: artworkFieldLabel(key), from: null, to: null }));

/**
 * An artwork's history, newest first (the order things were recorded), `limit` at a time: its creation, its updates
 * and every change of its life. Null when the cursor is not one this server made. The artwork is the caller's to check.
 */
export async function listHistory(
  db: Db,
  userId: string,
  artworkId: string,
  query: HistoryQuery,
): Promise<{ items: HistoryEntry[]; nextCursor: string | null } | null> {
  const filters: SQL[] = [eq(journalEntries.artworkId, artworkId), eq(journalEntries.userId, userId)];
  if (query.cursor) {
    const cursor = decodeCursor(query.cursor);
    if (!cursor) return null;
    const at = sql`timestamptz 'epoch' + ${cursor.createdMicros.toString()}::bigint * interval '1 microsecond'`;
    filters.push(sql`(${journalEntries.createdAt}, ${journalEntries.id}) < (${at}, ${cursor.id}::uuid)`);
  }
  const rows = await db
    .select({
      id: journalEntries.id,
      type: journalEntries.type,
      message: journalEntries.message,
      copy: journalEntries.copy,
      changes: journalEntries.changes,
      changedFields: journalEntries.changedFields,
      note: journalEntries.note,
      actor: journalEntries.actor,
      occurredOn: journalEntries.occurredOn,
      createdAt: journalEntries.createdAt,
      micros,
    })
    .from(journalEntries)
    .where(and(...filters))
    .orderBy(desc(journalEntries.createdAt), desc(journalEntries.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const nextCursor = rows.length > query.limit && last ? encodeCursor({ createdMicros: BigInt(last.micros), id: last.id }) : null;
  return {
    items: page.map((r) => {
      const changes =
        r.changes ?? (r.type === 'artwork.new' ? [{ what: 'Artwork', from: null, to: 'Created' }] : updatedFields(r.changedFields));
      const first = changes[0] ?? { what: 'Artwork', from: null, to: null };
      return {
        entryId: r.id,
        date: r.occurredOn,
        recordedAt: r.createdAt.toISOString(),
        type: r.type,
        message: r.message,
        copy: r.copy,
        what: first.what,
        from: first.from,
        to: first.to,
        changes,
        who: r.actor === 'studio' ? 'studio' : 'artist',
        note: r.note ?? '',
      };
    }),
    nextCursor,
  };
}
