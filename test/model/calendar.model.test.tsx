import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SimulatedClock, createActor, type SnapshotFrom } from 'xstate';
import { afterEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import {
  MAX_WAIT_MS,
  POLL_INTERVAL_MS,
  calendarMachine,
  waitUntilDue,
  type CalendarView,
  type PostsLoaded,
  type PostsQuery,
} from '../../src/machines/calendar/calendar.machine';
import { SOCIAL_MESSAGES, postLabel, type SocialPost } from '../../src/schemas/social.schema';
import { CalendarPage } from '../../src/views/calendar/CalendarPage';
import { CALENDAR_TEXT, VIEW_LABELS } from '../../src/views/calendar/calendar-text';
import { AWAITING, NOW, SETTLED, TZ, UPCOMING, WENT_OUT, nyDate, nyDateTime, nyMonthYear, nyWeekday } from '../support/calendar-posts';
import { assertFullCoverage, controlledPromise, coveringPaths, createModel, pathName, type ModelEvent } from './harness';

type Snapshot = SnapshotFrom<typeof calendarMachine>;
type Event = ModelEvent<typeof calendarMachine>;

const INPUT = { timeZone: TZ, now: NOW };
const TODAY = '2026-11-18';
const FAILURE = 'Failed to fetch posts';
// The server's "posts that failed" (any date) come with every read; here, those of the read that have a failed delivery.
const loaded = (posts: SocialPost[]): PostsLoaded => ({
  posts,
  failed: posts.filter((p) => p.responses.some((r) => r.postStatus === 'error')),
  at: NOW,
});

// What each period asks the server for, worked out by hand: New York midnights, EDT (UTC-4) until 11/01/2026 2 AM.
const h = (y: number, m: number, d: number, hour: number) => Date.UTC(y, m - 1, d, hour);
const RANGES: Record<string, { from: number; to: number }> = {
  'week 2026-11-11': { from: h(2026, 11, 8, 5), to: h(2026, 11, 15, 5) },
  'week 2026-11-18': { from: h(2026, 11, 15, 5), to: h(2026, 11, 22, 5) },
  'week 2026-11-25': { from: h(2026, 11, 22, 5), to: h(2026, 11, 29, 5) },
  'month 2026-10-18': { from: h(2026, 9, 27, 4), to: h(2026, 11, 1, 4) },
  'month 2026-11-18': { from: h(2026, 11, 1, 4), to: h(2026, 12, 6, 5) },
  'month 2026-12-18': { from: h(2026, 11, 29, 5), to: h(2027, 1, 3, 5) },
};
const TITLES: Record<string, string> = {
  'week 2026-11-11': '11/08/2026 – 11/14/2026',
  'week 2026-11-18': '11/15/2026 – 11/21/2026',
  'week 2026-11-25': '11/22/2026 – 11/28/2026',
  'month 2026-10-18': 'October 2026',
  'month 2026-11-18': 'November 2026',
  'month 2026-12-18': 'December 2026',
};
const expectedRange = (view: CalendarView, anchor: string) =>
  view === 'list' ? {} : view === 'drafts' ? { drafts: true } : RANGES[`${view} ${anchor}`];

// ---------------------------------------------------------------------------------------------
// The model: views are switched on the current period; week and month move one period either way and back.
// ---------------------------------------------------------------------------------------------
const VIEWS: CalendarView[] = ['list', 'week', 'month', 'drafts'];
const navigable = (v: CalendarView) => v === 'week' || v === 'month';

function events(s: Snapshot): Event[] {
  const { view, anchor } = s.context;
  const out: Event[] = [];
  if (anchor === TODAY) out.push(...VIEWS.filter((v) => v !== view).map((v): Event => ({ type: 'calendar.view', view: v })));
  if (navigable(view))
    out.push(
      ...((anchor === TODAY
        ? [{ type: 'calendar.previous' }, { type: 'calendar.next' }]
        : [{ type: 'calendar.today', now: NOW }]) as Event[]),
    );
  if (s.matches('failed')) out.push({ type: 'calendar.retry' });
  if (s.matches('loading')) {
    out.push(...[SETTLED, UPCOMING, AWAITING, []].map((posts): Event => ({ type: 'xstate.done.actor.loadPosts', output: loaded(posts) })), {
      type: 'xstate.error.actor.loadPosts',
      error: new Error(FAILURE),
    });
  }
  if (s.matches({ loaded: 'watching' })) out.push({ type: 'xstate.after.pollInterval.calendar.loaded.watching' });
  if (s.matches({ loaded: 'waiting' })) out.push({ type: 'xstate.after.untilDue.calendar.loaded.waiting' });
  if (s.matches({ loaded: 'refreshing' })) {
    out.push(...[WENT_OUT, AWAITING].map((posts): Event => ({ type: 'xstate.done.actor.refreshPosts', output: loaded(posts) })), {
      type: 'xstate.error.actor.refreshPosts',
      error: new Error(FAILURE),
    });
  }
  return out;
}
const postsKey = (posts: SocialPost[]) =>
  posts.map((p) => `${p.postId}:${postLabel(p)}:${p.responses.map((r) => r.postStatus).join(',')}`).join('|');
const serializeState = (s: Snapshot) =>
  JSON.stringify([s.value, s.context.view, s.context.anchor, postsKey(s.context.posts), s.context.error, s.context.refreshError]);
const model = createModel(calendarMachine, { events, serializeState, input: INPUT });

// getPathsFromEvents ignores the model's input: it is given the start explicitly.
const START = createActor(calendarMachine, { input: INPUT }).getSnapshot();
const done = (posts: SocialPost[]): Event => ({ type: 'xstate.done.actor.loadPosts', output: loaded(posts) });
const view = (v: CalendarView): Event => ({ type: 'calendar.view', view: v });
// Beyond the chart's paths: every view with posts, and a scheduled post seen going out in month and week.
const scenarios = [
  [done(SETTLED)],
  [view('drafts'), done(SETTLED)],
  [view('month'), done(SETTLED)],
  [
    view('week'),
    done(UPCOMING),
    { type: 'xstate.after.untilDue.calendar.loaded.waiting' },
    { type: 'xstate.done.actor.refreshPosts', output: loaded(AWAITING) },
  ],
  [
    view('month'),
    done(AWAITING),
    { type: 'xstate.after.pollInterval.calendar.loaded.watching' },
    { type: 'xstate.done.actor.refreshPosts', output: loaded(WENT_OUT) },
  ],
].flatMap((list) => model.getPathsFromEvents(list as Event[], { fromState: START, serializeState }));
const paths = [...coveringPaths(model, { minimal: true }), ...scenarios];

// ---------------------------------------------------------------------------------------------
// What the artist sees.
// ---------------------------------------------------------------------------------------------
let loadPosts = controlledPromise<PostsLoaded, PostsQuery>('loadPosts');
const root = () => screen.getByRole('heading', { level: 1, name: CALENDAR_TEXT.title }).closest('section')!;
const when = (p: SocialPost) => p.datePublished ?? p.dateScheduled ?? null;

function assertChrome(s: Snapshot) {
  const { view, anchor } = s.context;
  expect(root()).toHaveAttribute('data-view', view);
  expect(screen.getByRole('radio', { name: VIEW_LABELS[view] })).toBeChecked();
  expect(screen.getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual(VIEWS);
  expect(screen.getByRole('link', { name: CALENDAR_TEXT.newPost })).toHaveAttribute('href', '/social-media/post/new');
  // No placeholder ships: nothing says 'coming soon'.
  expect(screen.queryByRole('region', { name: 'Filters' })).toBeNull();
  expect(screen.queryByText(/coming soon/i)).toBeNull();
  expect(screen.getByText(CALENDAR_TEXT.timeZone(TZ))).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: `Previous ${view}` }) !== null).toBe(navigable(view));
  expect(screen.queryByRole('button', { name: 'Today' }) !== null).toBe(navigable(view));
  // Posts that failed are listed above every view, in every state, once a read brought some.
  const failed = screen.queryByRole('region', { name: /failed$/ });
  if (s.context.failed.length) {
    expect(failed).toHaveAccessibleName(CALENDAR_TEXT.failedTitle(s.context.failed.length));
    for (const p of s.context.failed) expect(within(failed!).getByText(p.content.slice(0, 20), { exact: false })).toBeInTheDocument();
  } else expect(failed).toBeNull();
  expect(screen.getAllByRole('heading', { level: 2 }).filter((h) => !failed?.contains(h))[0]).toHaveTextContent(
    navigable(view) ? TITLES[`${view} ${anchor}`] : view === 'list' ? 'All posts' : 'Drafts',
  );
}

/** One post as shown: label, time in New York, the start of its text linking to the editor, delivery once published. */
function assertPost(item: HTMLElement, p: SocialPost) {
  expect(item).toHaveTextContent(postLabel(p));
  const at = when(p);
  expect(item).toHaveTextContent(at === null ? 'Not scheduled' : nyDateTime(at));
  const link = within(item).getByRole('link', { name: new RegExp(`^${p.content.slice(0, 20)}`) });
  expect(link).toHaveAttribute('href', `/social-media/post/${p.postId}`);
  const delivery = within(item).queryByRole('list', { name: 'Delivery' });
  if (p.isDraft) return expect(delivery).toBeNull();
  for (const r of p.responses) {
    const label = { posted: 'Posted', pending: 'Pending', error: 'Failed' }[r.postStatus];
    expect(delivery).toHaveTextContent(`Bluesky @${r.handle}:${label}`);
    if (r.postStatus === 'posted')
      expect(within(delivery!).getByRole('link', { name: /View on Bluesky/ })).toHaveAttribute('href', r.postUrl);
    if (r.postError) expect(delivery).toHaveTextContent(r.postError);
  }
}

function assertPosts(s: Snapshot) {
  const { view, posts } = s.context;
  if (view === 'list' || view === 'drafts') {
    // Grouped by 'Month Year' of the calendar date in New York; unscheduled drafts apart.
    for (const p of posts) {
      const at = when(p);
      const group = screen.getByRole('list', { name: at === null ? SOCIAL_MESSAGES.unscheduledDrafts : nyMonthYear(at) });
      assertPost(within(group).getByText(p.content.slice(0, 20), { exact: false }).closest('li')!, p);
    }
    const groups = screen.getAllByRole('heading', { level: 3 }).map((g) => g.textContent);
    expect(groups).toEqual(
      [...new Set(posts.map((p) => (when(p) === null ? SOCIAL_MESSAGES.unscheduledDrafts : nyMonthYear(when(p)!))))].sort(byGroup),
    );
    return;
  }
  const days = view === 'week' ? screen.getAllByRole('listitem').filter((li) => li.parentElement?.tagName === 'OL') : [];
  if (view === 'week') {
    expect(days).toHaveLength(7);
    // The week starts on Sunday.
    expect(days[0]).toHaveAccessibleName(expect.stringMatching(/^Sunday, /));
  }
  const range = RANGES[`${view} ${s.context.anchor}`];
  for (const p of posts) {
    const at = when(p)!;
    const name = view === 'week' ? `Posts on ${nyWeekday(at)}, ${nyDate(at)}` : `Posts on ${nyDate(at)}`;
    const list = screen.queryByRole('list', { name });
    if (at < range.from || at >= range.to) {
      expect(list).toBeNull();
      continue;
    }
    assertPost(within(list!).getByText(p.content.slice(0, 20), { exact: false }).closest('li')!, p);
  }
  const today = document.querySelector('[aria-current="date"]');
  if (s.context.anchor === TODAY) expect(today).toHaveTextContent('11/18/2026');
  else expect(today).toBeNull();
}
// Unscheduled drafts first, then months newest first.
const byGroup = (a: string, b: string) =>
  a === SOCIAL_MESSAGES.unscheduledDrafts ? -1 : b === SOCIAL_MESSAGES.unscheduledDrafts ? 1 : Date.parse(`1 ${b}`) - Date.parse(`1 ${a}`);

const polling = () => screen.queryByText(CALENDAR_TEXT.updating);

const states = {
  loading: (s: Snapshot) => {
    assertChrome(s);
    expect(screen.getByRole('status')).toHaveTextContent(CALENDAR_TEXT.loading);
    expect(loadPosts.pendingCount).toBe(1);
    expect(loadPosts.calls.at(-1)).toEqual({ range: expectedRange(s.context.view, s.context.anchor), fresh: false });
    expect(screen.queryAllByRole('link', { name: /^Post number|Opening|Going|Just|A new|Studio|Late|Idea/ })).toHaveLength(0);
  },
  failed: (s: Snapshot) => {
    assertChrome(s);
    expect(screen.getByRole('alert')).toHaveTextContent(FAILURE);
    expect(screen.getByRole('button', { name: CALENDAR_TEXT.retry })).toBeEnabled();
  },
  empty: (s: Snapshot) => {
    assertChrome(s);
    const empty = screen.getByRole('status');
    expect(empty).toHaveTextContent(CALENDAR_TEXT.empty[s.context.view]);
    expect(within(empty).getByRole('link', { name: CALENDAR_TEXT.emptyAction })).toHaveAttribute('href', '/social-media/post/new');
    expect(polling()).toBeNull();
  },
  loaded: (s: Snapshot) => {
    assertChrome(s);
    assertPosts(s);
    expect(screen.queryByText(CALENDAR_TEXT.loading)).toBeNull();
  },
  'loaded.idle': () => {
    expect(polling()).toBeNull();
    expect(loadPosts.pending).toBe(false);
  },
  'loaded.waiting': () => {
    // A far-off scheduled draft: nothing to show, a read is due later.
    expect(polling()).toBeNull();
    expect(loadPosts.pending).toBe(false);
  },
  'loaded.watching': (s: Snapshot) => {
    expect(polling()).toBeInTheDocument();
    expect(loadPosts.pending).toBe(false);
    const warning = screen.queryByText(/Could not check for updates/);
    if (s.context.refreshError) expect(warning).toHaveTextContent(CALENDAR_TEXT.refreshFailed(FAILURE));
    else expect(warning).toBeNull();
  },
  'loaded.refreshing': (s: Snapshot) => {
    expect(polling()).toBeInTheDocument();
    expect(loadPosts.calls.at(-1)).toEqual({ range: expectedRange(s.context.view, s.context.anchor), fresh: true });
    expect(root().querySelector('[aria-busy="true"]')).not.toBeNull();
  },
};

afterEach(() => {
  loadPosts = controlledPromise<PostsLoaded, PostsQuery>('loadPosts');
});

describe('calendar: the social-media calendar follows the chart', () => {
  it.for(paths.map((p) => [pathName(p), p] as const))('%s', async ([, path]) => {
    const user = userEvent.setup();
    const clock = new SimulatedClock();
    const logic = calendarMachine.provide({ actors: { loadPosts: loadPosts.logic } });
    render(
      <Router hook={memoryLocation({ path: '/social-media' }).hook}>
        <CalendarPage logic={logic} input={INPUT} clock={clock} now={() => NOW} />
      </Router>,
    );
    const output = (event: unknown) => (event as { output: PostsLoaded }).output;
    await path.test({
      events: {
        'calendar.view': ({ event }) =>
          user.click(screen.getByRole('radio', { name: VIEW_LABELS[(event as Extract<Event, { type: 'calendar.view' }>).view] })),
        'calendar.previous': ({ state }) =>
          user.click(screen.getByRole('button', { name: `Previous ${(state as Snapshot).context.view}` })),
        'calendar.next': ({ state }) => user.click(screen.getByRole('button', { name: `Next ${(state as Snapshot).context.view}` })),
        'calendar.today': () => user.click(screen.getByRole('button', { name: 'Today' })),
        'calendar.retry': () => user.click(screen.getByRole('button', { name: CALENDAR_TEXT.retry })),
        'xstate.done.actor.loadPosts': ({ event }) => act(() => loadPosts.resolve(output(event))),
        'xstate.error.actor.loadPosts': () => act(() => loadPosts.reject(new Error(FAILURE))),
        'xstate.done.actor.refreshPosts': ({ event }) => act(() => loadPosts.resolve(output(event))),
        'xstate.error.actor.refreshPosts': () => act(() => loadPosts.reject(new Error(FAILURE))),
        'xstate.after.pollInterval.calendar.loaded.watching': () =>
          act(() => {
            const calls = loadPosts.calls.length;
            clock.increment(POLL_INTERVAL_MS - 1);
            expect(loadPosts.calls).toHaveLength(calls);
            clock.increment(1);
          }),
        'xstate.after.untilDue.calendar.loaded.waiting': ({ state }) =>
          act(() => {
            const { posts, loadedAt } = (state as Snapshot).context;
            // The next draft is two days off: looked at again in an hour, the longest wait.
            expect(waitUntilDue(posts, loadedAt)).toBe(MAX_WAIT_MS);
            const calls = loadPosts.calls.length;
            clock.increment(MAX_WAIT_MS - 1);
            expect(loadPosts.calls).toHaveLength(calls);
            clock.increment(1);
          }),
      },
      states,
    });
  });

  it('covers every state and transition', () => {
    assertFullCoverage(calendarMachine, paths, { stateTests: states, record: true, input: INPUT });
  });
});
