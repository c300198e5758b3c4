import { useActorRef, useSelector } from '@xstate/react';
import { Link } from 'wouter';
import type { ActorOptions } from 'xstate';
import { css } from 'styled-system/css';
import { button } from 'styled-system/recipes/button';
import type { CalendarInput, CalendarLogic } from '../../machines/calendar/calendar.machine';
import {
  selectAnchor,
  selectError,
  selectPosts,
  selectFailed,
  selectRefreshError,
  selectState,
  selectTimeZone,
  selectToday,
  selectView,
} from '../../machines/calendar/calendar.selectors';
import { usePhoneLayout } from '../shell/phone-layout';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { EmptyState } from '../ui/empty-state';
import { CalendarArt } from '../ui/illustrations';
import { Spinner } from '../ui/spinner';
import { CalendarToolbar } from './calendar-toolbar';
import { CALENDAR_TEXT } from './calendar-text';
import { FailedPosts } from './failed-posts';
import { MonthAgenda } from './month-agenda';
import { MonthView } from './month-view';
import { PostListView } from './post-list-view';
import { WeekView } from './week-view';
import { useInspection } from '../inspection';

const pulse = css({ w: '2', h: '2', borderRadius: 'full', bg: 'success', animation: 'pulse' });

export interface CalendarPageProps {
  logic: CalendarLogic;
  input: CalendarInput;
  /** Tests drive the polling with a simulated clock. */
  clock?: ActorOptions<CalendarLogic>['clock'];
  /** The current time, for the Today button. */
  now?: () => number;
}

/** The social-media calendar: the view switch and the posts of the view and period (no filters area until there are filters). */
export function CalendarPage({ logic, input, clock, now = Date.now }: CalendarPageProps) {
  // An explicit `clock: undefined` would replace XState's own clock.
  const inspection = useInspection();
  const actor = useActorRef(logic, clock ? { input, clock, ...inspection } : { input, ...inspection });
  const state = useSelector(actor, selectState);
  const view = useSelector(actor, selectView);
  const anchor = useSelector(actor, selectAnchor);
  const today = useSelector(actor, selectToday);
  const posts = useSelector(actor, selectPosts);
  const failed = useSelector(actor, selectFailed);
  const timeZone = useSelector(actor, selectTimeZone);
  const error = useSelector(actor, selectError);
  const refreshError = useSelector(actor, selectRefreshError);
  const shown = state.startsWith('loaded') ? posts : [];
  const polling = state === 'loaded.watching' || state === 'loaded.refreshing';
  const grid = view === 'week' || view === 'month';
  const phone = usePhoneLayout();

  return (
    <section
      aria-labelledby="calendar-title"
      data-state={state}
      data-view={view}
      className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}
    >
      <header className={css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '4', flexWrap: 'wrap' })}>
        <h1 id="calendar-title" className={css({ fontSize: '2xl', fontWeight: 'bold' })}>
          {CALENDAR_TEXT.title}
        </h1>
        <Link href="/social-media/post/new" className={button({ variant: 'solid' })}>
          {CALENDAR_TEXT.newPost}
        </Link>
      </header>
      <CalendarToolbar actor={actor} view={view} anchor={anchor} now={now} />
      <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{CALENDAR_TEXT.timeZone(timeZone)}</p>
      <FailedPosts posts={failed} timeZone={timeZone} />

      {state === 'loading' ? <Spinner label={CALENDAR_TEXT.loading} /> : null}
      {state === 'failed' ? (
        <Alert status="danger">
          {error}{' '}
          <Button variant="link" onClick={() => actor.send({ type: 'calendar.retry' })}>
            {CALENDAR_TEXT.retry}
          </Button>
        </Alert>
      ) : null}
      {state === 'empty' ? (
        <EmptyState
          art={CalendarArt}
          message={CALENDAR_TEXT.empty[view]}
          invitation={CALENDAR_TEXT.emptyInvitation}
          action={
            <Link href="/social-media/post/new" className={button({ variant: 'solid' })}>
              {CALENDAR_TEXT.emptyAction}
            </Link>
          }
        />
      ) : null}
      {polling ? (
        <p className={css({ display: 'flex', alignItems: 'center', gap: '2', fontSize: 'sm', color: 'fg.muted' })}>
          <span className={pulse} aria-hidden="true" />
          {CALENDAR_TEXT.updating}
        </p>
      ) : null}
      {polling && refreshError ? <Alert status="warning">{CALENDAR_TEXT.refreshFailed(refreshError)}</Alert> : null}

      <div aria-busy={state === 'loading' || state === 'loaded.refreshing'}>
        {view === 'week' ? <WeekView anchor={anchor} today={today} posts={shown} timeZone={timeZone} /> : null}
        {view === 'month' ? (
          phone ? (
            <MonthAgenda anchor={anchor} today={today} posts={shown} timeZone={timeZone} />
          ) : (
            <MonthView anchor={anchor} today={today} posts={shown} timeZone={timeZone} />
          )
        ) : null}
        {!grid && shown.length ? <PostListView posts={shown} timeZone={timeZone} /> : null}
      </div>
    </section>
  );
}
