import type { SnapshotFrom } from 'xstate';
import { hasMoreEntries, type journalMachine } from './journal.machine';

type JournalSnapshot = SnapshotFrom<typeof journalMachine>;

/** The page: reading the first page, could not, no entries for this filter, or entries shown. */
export const selectView = (s: JournalSnapshot) =>
  s.matches('loading') ? 'loading' : s.matches('failed') ? 'failed' : s.matches('empty') ? 'empty' : 'loaded';
export const selectEntries = (s: JournalSnapshot) => s.context.entries;
export const selectFilter = (s: JournalSnapshot) => s.context.filter;
export const selectError = (s: JournalSnapshot) => s.context.error;
/** Older entries wait behind the cursor: 'Load more entries' is shown. */
export const selectHasMore = (s: JournalSnapshot) => hasMoreEntries(s.context);
/** The chart takes 'Load more' now (not while another request is out). */
export const selectCanLoadMore = (s: JournalSnapshot) => s.can({ type: 'journal.loadMore' });
export const selectIsLoadingMore = (s: JournalSnapshot) => s.matches({ loaded: 'loadingMore' });
/** The entry being dismissed, if one is: its card says so and every Dismiss waits. */
export const selectDismissingId = (s: JournalSnapshot) => s.context.dismissingId;
