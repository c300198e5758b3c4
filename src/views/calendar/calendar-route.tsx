import { useMemo, useState } from 'react';
import type { CalendarInput } from '../../machines/calendar/calendar.machine';
import { provideCalendar } from '../../machines/calendar/calendar.provide';
import { createSocialService } from '../../services/social.service';
import { useApp } from '../app-context';
import { CalendarPage } from './CalendarPage';

/** The artist's time zone is the browser's. */
const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** /social-media: the calendar, reading posts through the social service (fresh reads while polling). */
export default function SocialCalendarRoute() {
  const { http, cache } = useApp();
  const logic = useMemo(() => provideCalendar({ social: createSocialService(http, cache) }), [http, cache]);
  // The calendar opens on the day it is first shown, read once.
  const [input] = useState<CalendarInput>(() => ({ timeZone: browserTimeZone(), now: Date.now() }));
  return <CalendarPage logic={logic} input={input} />;
}
