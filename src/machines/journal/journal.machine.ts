import { assign, fromPromise, setup } from 'xstate';
import { JOURNAL_MESSAGES, JOURNAL_PAGE_SIZE, type JournalEntry, type JournalPage, type JournalType } from '../../schemas/journal.schema';
import { failureMessage } from '../shared/failure';

export interface JournalFilter {
  includeDismissed: boolean;
  type?: JournalType;
}

export interface JournalContext {
  filter: JournalFilter;
  entries: JournalEntry[];
  /** How many entries the server has answered for this filter, those dismissed since included. */
  received: number;
  nextCursor: string | null;
  /** The entry being dismissed, if any. */
  dismissingId: string | null;
  error: string | null;
}

export type JournalEvent =
  | { type: 'journal.showDismissed'; value: boolean }
  | { type: 'journal.filterType'; value: JournalType | undefined }
  | { type: 'journal.reset' }
  | { type: 'journal.loadMore' }
  | { type: 'journal.retry' }
  | { type: 'journal.dismiss'; journalId: string };

export const DEFAULT_JOURNAL_FILTER: JournalFilter = { includeDismissed: false };

/**
 * Older entries wait behind the cursor. Counted on what the server answered, not what is left on screen: dismissing
 * entries of a full page keeps the way to the older ones.
 */
export const hasMoreEntries = (c: Pick<JournalContext, 'received' | 'nextCursor'>) =>
  c.received >= JOURNAL_PAGE_SIZE && c.nextCursor !== null;

/**
 * The Activity Journal: a page of entries for the current filter, 'Load more entries', and dismissing one entry at a
 * time. Entries are active until dismissed; dismissed ones show only when the filter includes them.
 */
export const journalMachine = setup({
  types: {
    context: {} as JournalContext,
    events: {} as JournalEvent,
  },
  actors: {
    fetchPage: fromPromise<JournalPage, { filter: JournalFilter; cursor: string | null }>(async () => {
      throw new Error('fetchPage not provided');
    }),
    dismiss: fromPromise<void, { journalId: string }>(async () => {
      throw new Error('dismiss not provided');
    }),
  },
  actions: {
    /** A failed dismissal is told with a toast; the list stays as it was. */
    notifyDismissFailed: (_, _message: string) => {},
  },
  guards: {
    noEntries: ({ context }) => context.entries.length === 0 && context.nextCursor === null,
    canLoadMore: ({ context }) => hasMoreEntries(context),
    /** Every entry shown was dismissed, and older ones wait behind the cursor. */
    allDismissedWithMore: ({ context }) => context.entries.length === 0 && context.nextCursor !== null && context.error === null,
  },
}).createMachine({
  id: 'journal',
  context: { filter: DEFAULT_JOURNAL_FILTER, entries: [], received: 0, nextCursor: null, dismissingId: null, error: null },
  initial: 'loading',
  on: {
    'journal.showDismissed': {
      target: '.loading',
      actions: assign({ filter: ({ context, event }) => ({ ...context.filter, includeDismissed: event.value }) }),
    },
    'journal.filterType': {
      target: '.loading',
      actions: assign({ filter: ({ context, event }) => ({ ...context.filter, type: event.value }) }),
    },
    'journal.reset': { target: '.loading', actions: assign({ filter: DEFAULT_JOURNAL_FILTER }) },
  },
  states: {
    loading: {
      invoke: {
        id: 'fetchPage',
        src: 'fetchPage',
        input: ({ context }) => ({ filter: context.filter, cursor: null }),
        onDone: {
          target: 'loaded',
          actions: assign({
            entries: ({ event }) => event.output.items,
            received: ({ event }) => event.output.items.length,
            nextCursor: ({ event }) => event.output.nextCursor,
            error: null,
          }),
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => failureMessage(event.error, JOURNAL_MESSAGES.fetchFailed) }) },
      },
    },
    failed: { on: { 'journal.retry': 'loading' } },
    loaded: {
      always: { guard: 'noEntries', target: 'empty' },
      initial: 'idle',
      states: {
        idle: {
          always: { guard: 'allDismissedWithMore', target: 'loadingMore' },
          on: {
            'journal.loadMore': { guard: 'canLoadMore', target: 'loadingMore' },
            'journal.dismiss': { target: 'dismissing', actions: assign({ dismissingId: ({ event }) => event.journalId }) },
          },
        },
        loadingMore: {
          invoke: {
            id: 'fetchMore',
            src: 'fetchPage',
            input: ({ context }) => ({ filter: context.filter, cursor: context.nextCursor }),
            onDone: {
              target: 'idle',
              actions: assign({
                entries: ({ context, event }) => [...context.entries, ...event.output.items],
                received: ({ context, event }) => context.received + event.output.items.length,
                nextCursor: ({ event }) => event.output.nextCursor,
                error: null,
              }),
            },
            onError: {
              target: 'idle',
              actions: assign({ error: ({ event }) => failureMessage(event.error, JOURNAL_MESSAGES.fetchFailed) }),
            },
          },
        },
        dismissing: {
          invoke: {
            id: 'dismiss',
            src: 'dismiss',
            input: ({ context }) => ({ journalId: context.dismissingId! }),
            onDone: {
              target: '#journal.loaded',
              // Shown dismissed when the filter includes dismissed entries; otherwise it leaves the list.
              actions: assign(({ context }) => ({
                entries: context.filter.includeDismissed
                  ? context.entries.map((e) => (e.journalId === context.dismissingId ? { ...e, dismissed: true } : e))
                  : context.entries.filter((e) => e.journalId !== context.dismissingId),
                dismissingId: null,
              })),
            },
            onError: {
              target: 'idle',
              actions: [
                { type: 'notifyDismissFailed', params: ({ event }) => failureMessage(event.error, JOURNAL_MESSAGES.dismissFailed) },
                assign({ dismissingId: null }),
              ],
            },
          },
        },
      },
    },
    empty: {},
  },
});
