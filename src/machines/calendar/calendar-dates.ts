import { addDays, addMonths, addWeeks, endOfMonth, endOfWeek, format, parseISO, startOfMonth, startOfWeek } from 'date-fns';

/**
 * Calendar arithmetic in the artist's time zone (an IANA name such as 'America/New_York').
 *
 * A calendar day is a plain 'yyyy-MM-dd' key, the same wherever the code runs. date-fns does the day arithmetic on
 * local Dates used only as carriers of year, month and day; Intl turns instants into the zone's wall time and back.
 */
export type DayKey = string;
export type CalendarView = 'list' | 'week' | 'month' | 'drafts';
export const CALENDAR_VIEWS: readonly CalendarView[] = ['list', 'week', 'month', 'drafts'];

/** The week starts on Sunday (requirements §2). */
export const WEEK_STARTS_ON = 0;
const DAY_KEY = 'yyyy-MM-dd';

export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function wallFormatter(timeZone: string) {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall-clock time of an instant (epoch ms) in a zone. */
export function wallTimeOf(epoch: number, timeZone: string): WallTime {
  const parts = Object.fromEntries(
    wallFormatter(timeZone)
      .formatToParts(epoch)
      .map((p) => [p.type, p.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour) % 24,
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** A local Date showing the zone's wall time, for date-fns `format` only (never compare it as an instant). */
export function wallDate(epoch: number, timeZone: string): Date {
  const w = wallTimeOf(epoch, timeZone);
  return new Date(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
}

/** How far the zone is ahead of UTC at an instant, in ms. */
function offsetAt(epoch: number, timeZone: string) {
  const w = wallTimeOf(epoch, timeZone);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(epoch / 1000) * 1000;
}

/** The instant a wall-clock time happens in a zone (a time skipped by a DST change resolves to after the change). */
export function epochOfWallTime(year: number, month: number, day: number, hour: number, minute: number, timeZone: string): number {
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const first = wall - offsetAt(wall, timeZone);
  const second = wall - offsetAt(first, timeZone);
  if (second === first) return first;
  const w = wallTimeOf(second, timeZone);
  const matches = w.year === year && w.month === month && w.day === day && w.hour === hour && w.minute === minute;
  // Neither guess shows the wall time: it does not exist that day (clocks jumped over it), so take the later one.
  return matches ? second : Math.max(first, second);
}

export const dayKeyOf = (epoch: number, timeZone: string): DayKey => format(wallDate(epoch, timeZone), DAY_KEY);

/** The instant a calendar day starts in the zone. */
export function startOfDayIn(day: DayKey, timeZone: string): number {
  const [year, month, date] = day.split('-').map(Number);
  return epochOfWallTime(year, month, date, 0, 0, timeZone);
}

const toDate = (day: DayKey) => parseISO(day);
const toKey = (date: Date): DayKey => format(date, DAY_KEY);

/** The days of a period, first to last: a week from Sunday, or the Sunday-to-Saturday weeks that cover a month. */
export function daysOf(view: 'week' | 'month', anchor: DayKey): DayKey[] {
  const date = toDate(anchor);
  const first =
    view === 'week'
      ? startOfWeek(date, { weekStartsOn: WEEK_STARTS_ON })
      : startOfWeek(startOfMonth(date), { weekStartsOn: WEEK_STARTS_ON });
  const last =
    view === 'week' ? endOfWeek(date, { weekStartsOn: WEEK_STARTS_ON }) : endOfWeek(endOfMonth(date), { weekStartsOn: WEEK_STARTS_ON });
  const days: DayKey[] = [];
  for (let d = first; d <= last; d = addDays(d, 1)) days.push(toKey(d));
  return days;
}

/** The anchor moved by one period (a week or a month); list views have no period. */
export function shiftAnchor(view: CalendarView, anchor: DayKey, by: 1 | -1): DayKey {
  if (view === 'week') return toKey(addWeeks(toDate(anchor), by));
  if (view === 'month') return toKey(addMonths(toDate(anchor), by));
  return anchor;
}

/** What a view asks the server for: every post, the drafts, or the posts dated in the days it shows. */
export interface CalendarRange {
  from?: number;
  to?: number;
  drafts?: boolean;
}

export function rangeOf(view: CalendarView, anchor: DayKey, timeZone: string): CalendarRange {
  if (view === 'list') return {};
  if (view === 'drafts') return { drafts: true };
  const days = daysOf(view, anchor);
  const after = toKey(addDays(toDate(days[days.length - 1]), 1));
  return { from: startOfDayIn(days[0], timeZone), to: startOfDayIn(after, timeZone) };
}

/** 'yyyy-MM' of a day key, to tell the month a day belongs to. */
export const monthOf = (day: DayKey) => day.slice(0, 7);
export const dayDate = toDate;
