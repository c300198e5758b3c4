import * as z from 'zod/mini';
import { pageQueryFields } from './page-query.schema';

/** One thing a change changed, in the artist's words: 'Sale status' from 'Available' to 'Sold'. */
export const historyChangeSchema = z.object({ what: z.string(), from: z.nullable(z.string()), to: z.nullable(z.string()) });
export type HistoryChange = z.infer<typeof historyChangeSchema>;

export const HISTORY_ACTORS = ['artist', 'studio'] as const;
export const HISTORY_ACTOR_LABELS: Record<(typeof HISTORY_ACTORS)[number], string> = { artist: 'You', studio: 'Studio (by itself)' };

/** One change of an artwork, as GET /api/artwork/{id}/history answers it, newest first. */
export const historyEntrySchema = z.object({
  entryId: z.string(),
  /** The day it happened as the artist gave it (a sale's date, YYYY-MM-DD); null: it happened when it was recorded. */
  date: z.nullable(z.string()),
  /** When it was recorded, ISO. */
  recordedAt: z.string(),
  /** The journal entry's type ('artwork.sold'). */
  type: z.string(),
  /** The journal's sentence for it. */
  message: z.string(),
  /** Which copy of an edition it was about ('3/25'), or null for the artwork. */
  copy: z.nullable(z.string()),
  /** What changed first, from what, to what (also the first of `changes`). */
  what: z.string(),
  from: z.nullable(z.string()),
  to: z.nullable(z.string()),
  /** Every change it made, in order (a sale changes the sale status and where the piece is). */
  changes: z.array(historyChangeSchema),
  who: z.enum(HISTORY_ACTORS),
  note: z.string(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

export const HISTORY_PAGE_SIZE = 50;
export const historyQuerySchema = z.object({ ...pageQueryFields(HISTORY_PAGE_SIZE) });
export type HistoryQuery = z.output<typeof historyQuerySchema>;

export const historyPageSchema = z.object({ items: z.array(historyEntrySchema), nextCursor: z.nullable(z.string()) });
export type HistoryPage = z.infer<typeof historyPageSchema>;
