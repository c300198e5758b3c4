import { format } from 'date-fns';
import { DATE_TIME_FORMAT } from '../../schemas/social.schema';

/** Times are stored as epoch milliseconds (UTC) and shown in the artist's own time zone. */
export const localTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The value of a datetime-local input (local wall-clock time) for a stored time. */
export const toLocalInput = (ms: number | null) => (ms === null ? '' : format(ms, "yyyy-MM-dd'T'HH:mm"));

/** A datetime-local value read as local time; empty or incomplete gives none. */
export function fromLocalInput(value: string): number | null {
  if (!value) return null;
  const ms = new Date(value).getTime();
  return Number.isNaN(ms) ? null : ms;
}

/** 'MM/dd/yyyy hh:mm a' in the artist's time zone. */
export const formatLocalTime = (ms: number) => format(ms, DATE_TIME_FORMAT);
