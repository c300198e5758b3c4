import { format } from 'date-fns';
import { dayDate, dayKeyOf, daysOf, wallDate, type CalendarView, type DayKey } from '../../machines/calendar/calendar-dates';
import {
  DATE_FORMAT,
  DATE_TIME_FORMAT,
  SOCIAL_MESSAGES,
  calendarDateOf,
  type PostResponse,
  type SocialPost,
} from '../../schemas/social.schema';

/** A post's time in the artist's zone, 'MM/dd/yyyy hh:mm a'. */
export const formatPostTime = (epoch: number, timeZone: string) => format(wallDate(epoch, timeZone), DATE_TIME_FORMAT);
/** A calendar day, 'MM/dd/yyyy'. */
export const formatDay = (day: DayKey) => format(dayDate(day), DATE_FORMAT);
export const weekdayOf = (day: DayKey, style: 'short' | 'long') => format(dayDate(day), style === 'short' ? 'EEE' : 'EEEE');

/** Where a post sits: its calendar date, or for a published post without one, when it was created. */
export const whenOf = (post: SocialPost) => calendarDateOf(post) ?? (post.isDraft ? null : post.dateCreated);

const EXCERPT_LENGTH = 80;
export const NO_TEXT = '(No text)';

/** The start of a post's text, on one line. */
export function excerpt(content: string, max = EXCERPT_LENGTH) {
  const text = content.replace(/\s+/g, ' ').trim();
  if (!text) return NO_TEXT;
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

export interface PostGroup {
  /** 'unscheduled' or 'yyyy-MM'. */
  key: string;
  title: string;
  posts: SocialPost[];
}

/**
 * The list view: unscheduled drafts first, under 'Unscheduled drafts'; then one group per 'Month Year' of the
 * calendar date in the artist's zone, newest first, as the server orders posts.
 */
export function groupPosts(posts: SocialPost[], timeZone: string): PostGroup[] {
  const unscheduled = posts.filter((p) => whenOf(p) === null).sort((a, b) => b.dateCreated - a.dateCreated);
  const dated = posts.filter((p) => whenOf(p) !== null).sort((a, b) => whenOf(b)! - whenOf(a)!);
  const months = new Map<string, PostGroup>();
  for (const post of dated) {
    const when = wallDate(whenOf(post)!, timeZone);
    const key = format(when, 'yyyy-MM');
    const group = months.get(key) ?? { key, title: format(when, 'MMMM yyyy'), posts: [] };
    group.posts.push(post);
    months.set(key, group);
  }
  const groups = [...months.values()];
  return unscheduled.length ? [{ key: 'unscheduled', title: SOCIAL_MESSAGES.unscheduledDrafts, posts: unscheduled }, ...groups] : groups;
}

/** The posts of each day of the artist's calendar, earliest first; posts without a date are left out. */
export function postsByDay(posts: SocialPost[], timeZone: string): Map<DayKey, SocialPost[]> {
  const days = new Map<DayKey, SocialPost[]>();
  for (const post of [...posts].sort((a, b) => (whenOf(a) ?? 0) - (whenOf(b) ?? 0))) {
    const when = whenOf(post);
    if (when === null) continue;
    const day = dayKeyOf(when, timeZone);
    days.set(day, [...(days.get(day) ?? []), post]);
  }
  return days;
}

/** The heading of the period shown: 'MM/dd/yyyy – MM/dd/yyyy' for a week, 'Month Year' for a month. */
export function periodTitle(view: CalendarView, anchor: DayKey): string {
  if (view === 'week') {
    const days = daysOf('week', anchor);
    return `${formatDay(days[0])} – ${formatDay(days[6])}`;
  }
  if (view === 'month') return format(dayDate(anchor), 'MMMM yyyy');
  return view === 'drafts' ? 'Drafts' : 'All posts';
}

export const RESPONSE_STATUS_LABELS: Record<PostResponse['postStatus'], string> = { pending: 'Pending', posted: 'Posted', error: 'Failed' };
