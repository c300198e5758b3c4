import { format, parseISO } from 'date-fns';
import * as z from 'zod/mini';
import { text } from './text.schema';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar day, YYYY-MM-DD, that exists. */
export const isDay = (value: string) => {
  const m = DAY.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]));
  return d.getUTCFullYear() === +m[1] && d.getUTCMonth() === +m[2] - 1 && d.getUTCDate() === +m[3];
};

export const dayField = (label: string) =>
  z.string({ error: `${label} is required` }).check(z.refine(isDay, { error: `${label} must be a date (YYYY-MM-DD)` }));

/** Today in UTC, YYYY-MM-DD: the day the server records a change on when none is given. */
export const todayUtc = (now = new Date()) => now.toISOString().slice(0, 10);
/** A calendar day (YYYY-MM-DD, or the day of an ISO moment) as the inventory screens write it: '1 Nov 2026'. */
export const dayLabel = (day: string) => format(parseISO(day.slice(0, 10)), 'd MMM yyyy');

/** A note the artist adds to a change: shown in the artwork's history. */
export const noteField = z._default(text('Note', [z.trim(), z.maxLength(1000, { error: 'Note must be at most 1000 characters' })]), '');

/**
 * Which copy of an edition: '3' or '3/25' for a numbered copy, 'AP 1' or 'AP 1/2' for an artist's proof. Left out for
 * a unique work. Checked against the artwork's edition by the server.
 */
export const copyField = z.optional(text('Copy', [z.trim(), z.maxLength(20, { error: 'Copy must be like 3/25 or AP 1/2' })]));

export type PieceKind = 'unique' | 'numbered' | 'proof';

/** A copy as typed, or null when it is not written like one. */
export function parseCopy(typed: string): { kind: 'numbered' | 'proof'; number: number; of: number | null } | null {
  const m = /^(AP\s*)?(\d{1,5})(?:\s*\/\s*(\d{1,5}))?$/i.exec(typed.trim());
  if (!m) return null;
  return { kind: m[1] ? 'proof' : 'numbered', number: Number(m[2]), of: m[3] ? Number(m[3]) : null };
}

/** How a piece is named: '3/25', 'AP 1/2', or null for a unique work. */
export function copyLabel(kind: PieceKind, number: number | null, size: number | null, proofs: number): string | null {
  if (kind === 'unique' || number === null) return null;
  return kind === 'proof' ? `AP ${number}/${proofs}` : `${number}/${size ?? '?'}`;
}
