import { JOURNAL_MESSAGES, JOURNAL_PAGE_SIZE, type JournalEntry, type JournalPage, type JournalType } from '../../schemas/journal.schema';
import { pagedListMachine } from '../shared/paged-list.machine';

export interface JournalFilter {
  includeDismissed: boolean;
  type?: JournalType;
}

export const DEFAULT_JOURNAL_FILTER: JournalFilter = { includeDismissed: false };

/**
 * The Activity Journal: a page of entries for the current filter, 'Load more entries', and dismissing one entry at a
 * time. Entries are active until dismissed; dismissed ones show only when the filter includes them.
 */
export const journalMachine = pagedListMachine<JournalEntry, JournalPage, JournalFilter, null, void>({
  id: 'journal',
  description: 'The Activity Journal: entries for the filter, older ones behind Load more, one dismissed at a time.',
  query: DEFAULT_JOURNAL_FILTER,
  filterable: true,
  pageSize: JOURNAL_PAGE_SIZE,
  summary: null,
  summaryOf: () => null,
  // Shown dismissed when the filter includes dismissed entries; otherwise it leaves the list.
  actionRemoves: true,
  acted: ({ items, query, actingId, summary }) => ({
    items: query.includeDismissed
      ? items.map((e) => (e.journalId === actingId ? { ...e, dismissed: true } : e))
      : items.filter((e) => e.journalId !== actingId),
    summary,
  }),
  messages: { fetchFailed: JOURNAL_MESSAGES.fetchFailed, actFailed: JOURNAL_MESSAGES.dismissFailed },
  describe: {
    loading: 'Reading the newest entries for the filter.',
    failed: 'The first page could not be read.',
    empty: 'No entry for this filter.',
    acting: 'Dismissing one entry; every Dismiss waits.',
  },
});
