import { applyToRecord, recordOf, restoreLife } from '../../src/machines/artwork-life/artwork-life.rules';
import type { LifeEvent, LifeRecord } from '../../src/machines/artwork-life/artwork-life.types';
import type { HistoryChange } from '../../src/schemas/history.schema';
import type { InventoryJournalType } from '../../src/schemas/journal.schema';
import type { Db } from '../db/database';
import { Conflict } from '../errors';
import { recordHistoryEvent } from '../journal/history.repo';
import { lifeChanges, type LifeNames, namesOf } from './life-words';
import { type ArtworkRow, copyOf, type PieceRow, pieceRecord, writeRecord } from './pieces.repo';

/** The code of a 409 whose message is the chart's reason. */
export const NOT_ALLOWED = 'NOT_ALLOWED_NOW';

export interface LifeChange {
  type: InventoryJournalType;
  event: LifeEvent;
  /** The journal's words after the artwork's name: 'was sold to Ada Lovelace'. */
  phrase: string;
  note?: string;
  occurredOn?: string | null;
  /** Changes beside the chart's (a price recorded with it). */
  extra?: HistoryChange[];
}

/** The chart's refusal as a 409; for a change of several works, `about` names the one refused. */
export const refused = (reason: string, about?: string) => new Conflict(about ? `${about}: ${reason}` : reason, { code: NOT_ALLOWED });

/**
 * Changes one piece's life as the artwork-life chart says, inside the caller's transaction (the piece locked by
 * lockArtworkPieces): restores the chart from the record, asks it for the event, and answers 409 with its reason when
 * it refuses. A hold whose moment passed while no timer ran is first recorded as lapsed (by the studio, on its day).
 * The new record is written and the change goes to the journal and the artwork's history. The caller refreshes the
 * artwork's saleStatus once its pieces are changed.
 */
export async function changeLife(tx: Db, artwork: ArtworkRow, piece: PieceRow, change: LifeChange, about?: string): Promise<LifeRecord> {
  const before = pieceRecord(piece);
  const result = applyToRecord(before, change.event);
  if (!result.allowed) throw refused(result.reason, about);
  const names = await namesOf(tx, [before, result.next]);
  const base = historyBase(artwork, piece);
  const from = result.lapsed ? await recordLapse(tx, artwork, piece, before, names) : before;
  await writeRecord(tx, piece.id, result.next);
  await recordHistoryEvent(tx, {
    ...base,
    type: change.type,
    phrase: change.phrase,
    changes: [...lifeChanges(from, result.next, names), ...(change.extra ?? [])],
    note: change.note,
    occurredOn: change.occurredOn ?? null,
  });
  return result.next;
}

const historyBase = (artwork: ArtworkRow, piece: PieceRow) => ({
  userId: artwork.userId,
  artworkId: artwork.id,
  title: artwork.title,
  mediaId: artwork.primaryImageMediaId,
  pieceId: piece.id,
  copy: copyOf(artwork, piece),
});

/** Records that a piece's hold lapsed (by the studio, on the hold's day) and answers the record it left. */
async function recordLapse(tx: Db, artwork: ArtworkRow, piece: PieceRow, before: LifeRecord, names: LifeNames): Promise<LifeRecord> {
  const lapsed: LifeRecord = { ...before, sale: 'available', hold: null };
  await recordHistoryEvent(tx, {
    ...historyBase(artwork, piece),
    type: 'artwork.holdLapsed',
    phrase: 'is no longer on hold: the hold lapsed',
    changes: lifeChanges(before, lapsed, names),
    actor: 'studio',
    occurredOn: before.hold!.until.slice(0, 10),
  });
  return lapsed;
}

/**
 * Writes down a hold that lapsed while nothing changed the piece (the upkeep's round): the chart restored from the
 * record says Available; the record is brought in line and the lapse recorded. False when the hold still runs.
 */
export async function settleLapse(tx: Db, artwork: ArtworkRow, piece: PieceRow): Promise<boolean> {
  const before = pieceRecord(piece);
  const now = recordOf(restoreLife(before));
  if (before.sale !== 'reserved' || now.sale !== 'available') return false;
  await recordLapse(tx, artwork, piece, before, await namesOf(tx, [before]));
  await writeRecord(tx, piece.id, now);
  return true;
}
