import type { CalendarView } from '../../machines/calendar/calendar-dates';

/** The calendar's own texts (the requirements give none for these). */
export const CALENDAR_TEXT = {
  title: 'Social Media Calendar',
  newPost: 'New Social Media Post',
  viewGroup: 'Calendar view',
  loading: 'Loading posts...',
  retry: 'Try again',
  today: 'Today',
  updating: 'Updating while posts go out…',
  timeZone: (timeZone: string) => `Times are shown in your time zone, ${timeZone}.`,
  refreshFailed: (message: string) => `Could not check for updates: ${message} Trying again in a few seconds.`,
  empty: {
    list: 'No posts yet. Write your first one with New Social Media Post.',
    drafts: 'No drafts.',
    week: 'No posts this week.',
    month: 'No posts this month.',
  } satisfies Record<CalendarView, string>,
  emptyInvitation: 'Share a finished piece, a work in progress or news of a show.',
  // Not the header's 'New Social Media Post': one link of that name per page.
  emptyAction: 'Write a post',
  failedTitle: (n: number) => (n === 1 ? 'A post that failed' : `${n} posts that failed`),
  failedHint: 'In the last 30 days. Open a post to read why, and use Retry failed to post it again.',
} as const;

export const VIEW_LABELS: Record<CalendarView, string> = { list: 'List', week: 'Week', month: 'Month', drafts: 'List Drafts' };
