import { css } from 'styled-system/css';
import { CALENDAR_VIEWS, type CalendarView, type DayKey } from '../../machines/calendar/calendar-dates';
import type { CalendarRef } from '../../machines/calendar/calendar.machine';
import { Button } from '../ui/button';
import { Segments } from '../ui/segment-group';
import { CALENDAR_TEXT, VIEW_LABELS } from './calendar-text';
import { periodTitle } from './post-format';

const SEGMENTS = CALENDAR_VIEWS.map((value) => ({ value, label: VIEW_LABELS[value] }));

function Chevron({ back }: { back?: boolean }) {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d={back ? 'm15 6-6 6 6 6' : 'm9 6 6 6-6 6'} />
    </svg>
  );
}

/** The view switch (List, Week, Month, List Drafts), and in week and month the period with previous, today, next. */
export function CalendarToolbar({
  actor,
  view,
  anchor,
  now,
}: {
  actor: CalendarRef;
  view: CalendarView;
  anchor: DayKey;
  now: () => number;
}) {
  const navigable = view === 'week' || view === 'month';
  return (
    <div className={css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '4', flexWrap: 'wrap' })}>
      <Segments
        label={CALENDAR_TEXT.viewGroup}
        hideLabel
        segments={SEGMENTS}
        value={view}
        onValueChange={(v) => actor.send({ type: 'calendar.view', view: v as CalendarView })}
      />
      <div className={css({ display: 'flex', alignItems: 'center', gap: '2' })}>
        {navigable ? (
          <div role="group" aria-label={`Choose the ${view}`} className={css({ display: 'flex', gap: '1' })}>
            <Button variant="outline" size="sm" aria-label={`Previous ${view}`} onClick={() => actor.send({ type: 'calendar.previous' })}>
              <Chevron back />
            </Button>
            <Button variant="outline" size="sm" onClick={() => actor.send({ type: 'calendar.today', now: now() })}>
              {CALENDAR_TEXT.today}
            </Button>
            <Button variant="outline" size="sm" aria-label={`Next ${view}`} onClick={() => actor.send({ type: 'calendar.next' })}>
              <Chevron />
            </Button>
          </div>
        ) : null}
        <h2 aria-live="polite" className={css({ fontSize: 'lg', fontWeight: 'semibold', minW: '48', textAlign: 'right' })}>
          {periodTitle(view, anchor)}
        </h2>
      </div>
    </div>
  );
}
