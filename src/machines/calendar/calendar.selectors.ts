import type { CalendarSnapshot } from './calendar.machine';

/** The chart's state as one name, e.g. 'loaded.watching', for data-state. */
export const selectState = (s: CalendarSnapshot) => (typeof s.value === 'string' ? s.value : `loaded.${s.value.loaded}`);
/** Week, month or list, and a day inside the period shown. */
export const selectView = (s: CalendarSnapshot) => s.context.view;
export const selectAnchor = (s: CalendarSnapshot) => s.context.anchor;
export const selectToday = (s: CalendarSnapshot) => s.context.today;
export const selectPosts = (s: CalendarSnapshot) => s.context.posts;
export const selectTimeZone = (s: CalendarSnapshot) => s.context.timeZone;
export const selectError = (s: CalendarSnapshot) => s.context.error;
/** The last failed re-read while polling; the posts shown stay. */
export const selectRefreshError = (s: CalendarSnapshot) => s.context.refreshError;
/** Recent posts with a failed delivery (any view): what the artist should look at. */
export const selectFailed = (s: CalendarSnapshot) => s.context.failed;
