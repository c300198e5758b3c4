import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { SocialPost } from '../../schemas/social.schema';
import { dayKeyOf, rangeOf, shiftAnchor, type CalendarRange, type CalendarView, type DayKey } from './calendar-dates';
import { failureMessage } from '../shared/failure';
import { watchServer } from '../shared/watch-server';

export type { CalendarView, DayKey } from './calendar-dates';

/** While a shown post waits on the server (due this soon, or a delivery pending), the calendar reads again this often. */
export const POLL_INTERVAL_MS = 5_000;
/** A scheduled draft due within this window (or overdue) is about to be published by the server. */
export const DUE_SOON_MS = 2 * 60_000;
/** The longest wait before a far-off scheduled draft is looked at again. */
export const MAX_WAIT_MS = 60 * 60_000;

export interface CalendarInput {
  /** The artist's IANA time zone: days, weeks and months are theirs. */
  timeZone: string;
  /** The current time (epoch ms): the period shown first contains it. */
  now: number;
  view?: CalendarView;
}

export interface PostsQuery {
  range: CalendarRange;
  /** Ask the server again whatever the cache holds (polling). */
  fresh: boolean;
}

/** The posts of a query and when they were read (epoch ms): what is due soon is judged from then. */
export interface PostsLoaded {
  posts: SocialPost[];
  /** Posts of the last 30 days with a failed delivery, whatever the view (none read: the last ones stay). */
  failed?: SocialPost[];
  at: number;
}

export interface CalendarContext {
  timeZone: string;
  view: CalendarView;
  /** A day inside the period shown (week and month views). */
  anchor: DayKey;
  today: DayKey;
  posts: SocialPost[];
  /** Recent posts with a failed delivery, listed above the views until they are posted again. */
  failed: SocialPost[];
  loadedAt: number;
  error: string | null;
  /** The last failed re-read while polling; the posts shown stay. */
  refreshError: string | null;
}

export type CalendarEvent =
  | { type: 'calendar.view'; view: CalendarView }
  | { type: 'calendar.previous' }
  | { type: 'calendar.next' }
  | { type: 'calendar.today'; now: number }
  | { type: 'calendar.retry' };

const dueSoon = (post: SocialPost, at: number) => post.isDraft && post.dateScheduled != null && post.dateScheduled <= at + DUE_SOON_MS;
const upcoming = (post: SocialPost, at: number) => post.isDraft && post.dateScheduled != null && post.dateScheduled > at + DUE_SOON_MS;
const pending = (post: SocialPost) => !post.isDraft && post.responses.some((r) => r.postStatus === 'pending');

/** True while some shown post is about to change on the server: a due scheduled draft, or a delivery still pending. */
export const awaitsServer = (posts: SocialPost[], at: number) => posts.some((p) => dueSoon(p, at) || pending(p));

/** How long until the next scheduled draft comes within the due window (at most MAX_WAIT_MS). */
export function waitUntilDue(posts: SocialPost[], at: number): number {
  const next = Math.min(...posts.filter((p) => upcoming(p, at)).map((p) => p.dateScheduled! - DUE_SOON_MS - at));
  return Math.max(0, Math.min(next, MAX_WAIT_MS));
}

const navigable = (view: CalendarView) => view === 'week' || view === 'month';

/**
 * The social-media calendar: one view of four (List, Week, Month, List Drafts), a period to move through in week and
 * month, and the posts of that query. While a shown post waits on the server it is read again every few seconds, so a
 * scheduled draft is seen turning Published; a far-off one is looked at again when it comes due.
 */
export const calendarMachine = setup({
  types: {
    context: {} as CalendarContext,
    events: {} as CalendarEvent,
    input: {} as CalendarInput,
  },
  actors: {
    loadPosts: fromPromise<PostsLoaded, PostsQuery>(async () => {
      throw new Error('loadPosts not provided');
    }),
  },
  delays: {
    pollInterval: POLL_INTERVAL_MS,
    untilDue: ({ context }) => waitUntilDue(context.posts, context.loadedAt),
  },
  actions: {
    usePosts: assign(({ context }, loaded: PostsLoaded) => ({
      posts: loaded.posts,
      failed: loaded.failed ?? context.failed,
      loadedAt: loaded.at,
      today: dayKeyOf(loaded.at, context.timeZone),
      error: null,
      refreshError: null,
    })),
  },
  guards: {
    navigable: ({ context }) => navigable(context.view),
    noPosts: ({ context }) => context.posts.length === 0,
    awaitsServer: ({ context }) => awaitsServer(context.posts, context.loadedAt),
    hasUpcoming: ({ context }) => context.posts.some((p) => upcoming(p, context.loadedAt)),
  },
}).createMachine({
  id: 'calendar',
  context: ({ input }) => {
    const today = dayKeyOf(input.now, input.timeZone);
    return {
      timeZone: input.timeZone,
      view: input.view ?? 'list',
      anchor: today,
      today,
      posts: [],
      failed: [],
      loadedAt: input.now,
      error: null,
      refreshError: null,
    };
  },
  initial: 'loading',
  on: {
    'calendar.view': { target: '.loading', actions: assign({ view: ({ event }) => event.view }) },
    'calendar.previous': {
      guard: 'navigable',
      target: '.loading',
      actions: assign({ anchor: ({ context }) => shiftAnchor(context.view, context.anchor, -1) }),
    },
    'calendar.next': {
      guard: 'navigable',
      target: '.loading',
      actions: assign({ anchor: ({ context }) => shiftAnchor(context.view, context.anchor, 1) }),
    },
    'calendar.today': {
      guard: 'navigable',
      target: '.loading',
      actions: assign(({ context, event }) => {
        const today = dayKeyOf(event.now, context.timeZone);
        return { anchor: today, today };
      }),
    },
  },
  states: {
    loading: {
      description: 'Reading the posts of the view and period chosen.',
      invoke: {
        id: 'loadPosts',
        src: 'loadPosts',
        input: ({ context }) => ({ range: rangeOf(context.view, context.anchor, context.timeZone), fresh: false }),
        onDone: { target: 'loaded', actions: { type: 'usePosts', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => failureMessage(event.error) }) },
      },
    },
    failed: { on: { 'calendar.retry': 'loading' } },
    empty: { description: 'No post in this view and period.' },
    loaded: {
      initial: 'deciding',
      states: {
        ...watchServer({
          first: [{ guard: 'noPosts', target: '#calendar.empty' } as const],
          watch: 'awaitsServer',
          wait: 'hasUpcoming',
          read: 'refreshing',
          describe: {
            idle: 'Nothing shown will change on its own.',
            waiting: 'A scheduled draft is further off: read again when it comes due.',
            watching: 'A post is being published: read again every few seconds.',
          },
        }),
        refreshing: {
          invoke: {
            id: 'refreshPosts',
            src: 'loadPosts',
            input: ({ context }) => ({ range: rangeOf(context.view, context.anchor, context.timeZone), fresh: true }),
            onDone: { target: 'deciding', actions: { type: 'usePosts', params: ({ event }) => event.output } },
            // The posts shown stay; the next poll tries again.
            onError: { target: 'watching', actions: assign({ refreshError: ({ event }) => failureMessage(event.error) }) },
          },
        },
      },
    },
  },
});

export type CalendarLogic = typeof calendarMachine;
export type CalendarRef = ActorRefFrom<typeof calendarMachine>;
export type CalendarSnapshot = SnapshotFrom<typeof calendarMachine>;
