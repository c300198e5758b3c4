import { assign, fromPromise, setup } from 'xstate';
import { failureMessage } from './failure';

/** A page as the server answers it: its items, and the cursor of the next page (null on the last one). */
export interface ListPage<Item> {
  items: Item[];
  nextCursor: string | null;
}

export interface PagedListContext<Item, Query, Summary> {
  /** What the list is asked for (the journal's filters); `{}` for a list without any. */
  query: Query;
  items: Item[];
  /** How many items the server has answered for this query, those taken off the list since included. */
  received: number;
  nextCursor: string | null;
  /** What the server counts over the whole list beside a page (the unread inquiries), kept up to date by `acted`. */
  summary: Summary;
  /** The item being acted on (dismissed, marked read), if any: one at a time. */
  actingId: string | null;
  /** Why the last reading failed, shown under the list. */
  error: string | null;
}

export type PagedListEvent<Query> =
  | { type: 'list.query'; patch: Partial<Query> }
  | { type: 'list.reset' }
  | { type: 'list.retry' }
  | { type: 'list.loadMore' }
  | { type: 'list.act'; id: string };

export interface PagedListSpec<Item, Page extends ListPage<Item>, Query, Summary, Acted> {
  id: string;
  description: string;
  /** The query a list starts with, and goes back to on `list.reset`. */
  query: Query;
  /** Whether the artist can change the query (filters); a list without filters has no such transitions. */
  filterable: boolean;
  /** A page shorter than this is the last one, whatever its cursor says. */
  pageSize?: number;
  /** The summary before the first page, and as each page tells it. */
  summary: Summary;
  summaryOf: (page: Page) => Summary;
  /** Whether the action may take an item off the list (so a list emptied by it reads the older page). */
  actionRemoves: boolean;
  /** The list once the server has done the action on `actingId`. */
  acted: (context: PagedListContext<Item, Query, Summary>, output: Acted) => { items: Item[]; summary: Summary };
  messages: { fetchFailed: string; actFailed: string };
  describe: { loading: string; failed: string; empty: string; acting: string };
}

/** Older items wait behind the cursor (counted on what the server answered, not on what is left on screen). */
export const hasMoreItems = (c: Pick<PagedListContext<unknown, unknown, unknown>, 'received' | 'nextCursor'>, pageSize = 0) =>
  c.nextCursor !== null && c.received >= pageSize;

/**
 * One chart for a page that lists what the server keeps, newest first: the first page, older ones behind 'Load more',
 * and one action on one item at a time (the journal's Dismiss, the inquiries' Mark as read). Each list names its own
 * texts, summary and what the action changes; the states and transitions are the same for every list.
 */
export function pagedListMachine<Item, Page extends ListPage<Item>, Query extends object, Summary, Acted>(
  spec: PagedListSpec<Item, Page, Query, Summary, Acted>,
) {
  type Context = PagedListContext<Item, Query, Summary>;
  const fresh = (page: Page) => ({
    items: page.items,
    received: page.items.length,
    nextCursor: page.nextCursor,
    summary: spec.summaryOf(page),
    error: null,
  });
  const fetchFailed = ({ event }: { event: { error: unknown } }) => failureMessage(event.error, spec.messages.fetchFailed);

  return setup({
    types: {
      context: {} as Context,
      events: {} as PagedListEvent<Query>,
    },
    actors: {
      fetchPage: fromPromise<Page, { query: Query; cursor: string | null }>(async () => {
        throw new Error('fetchPage not provided');
      }),
      act: fromPromise<Acted, { id: string }>(async () => {
        throw new Error('act not provided');
      }),
    },
    actions: {
      /** A failed action is told with a toast; the list stays as it was. */
      notifyActFailed: (_, _message: string) => {},
    },
    guards: {
      noItems: ({ context }) => context.items.length === 0 && context.nextCursor === null,
      canLoadMore: ({ context }) => hasMoreItems(context, spec.pageSize),
      /** Every item shown left the list, and older ones wait behind the cursor. */
      allGoneWithMore: ({ context }) => context.items.length === 0 && context.nextCursor !== null && context.error === null,
    },
  }).createMachine({
    id: spec.id,
    description: spec.description,
    context: { query: spec.query, items: [], received: 0, nextCursor: null, summary: spec.summary, actingId: null, error: null },
    initial: 'loading',
    on: spec.filterable
      ? {
          'list.query': {
            target: '.loading',
            actions: assign({ query: ({ context, event }) => ({ ...context.query, ...event.patch }) }),
          },
          'list.reset': { target: '.loading', actions: assign({ query: spec.query }) },
        }
      : {},
    states: {
      loading: {
        description: spec.describe.loading,
        invoke: {
          id: 'fetchPage',
          src: 'fetchPage',
          input: ({ context }) => ({ query: context.query, cursor: null }),
          onDone: { target: 'loaded', actions: assign(({ event }) => fresh(event.output)) },
          onError: { target: 'failed', actions: assign({ error: fetchFailed }) },
        },
      },
      failed: { description: spec.describe.failed, on: { 'list.retry': 'loading' } },
      empty: { description: spec.describe.empty },
      loaded: {
        always: { guard: 'noItems', target: 'empty' },
        initial: 'idle',
        states: {
          idle: {
            ...(spec.actionRemoves ? { always: { guard: 'allGoneWithMore', target: 'loadingMore' } as const } : {}),
            on: {
              'list.loadMore': { guard: 'canLoadMore', target: 'loadingMore' },
              'list.act': { target: 'acting', actions: assign({ actingId: ({ event }) => event.id }) },
            },
          },
          loadingMore: {
            invoke: {
              id: 'fetchMore',
              src: 'fetchPage',
              input: ({ context }) => ({ query: context.query, cursor: context.nextCursor }),
              onDone: {
                target: 'idle',
                actions: assign(({ context, event }) => ({
                  items: [...context.items, ...event.output.items],
                  received: context.received + event.output.items.length,
                  nextCursor: event.output.nextCursor,
                  summary: spec.summaryOf(event.output),
                  error: null,
                })),
              },
              onError: { target: 'idle', actions: assign({ error: fetchFailed }) },
            },
          },
          acting: {
            description: spec.describe.acting,
            invoke: {
              id: 'act',
              src: 'act',
              input: ({ context }) => ({ id: context.actingId! }),
              onDone: {
                // Back through `loaded`, which turns empty when the last item left the list.
                target: `#${spec.id}.loaded`,
                actions: assign(({ context, event }) => ({ ...spec.acted(context, event.output), actingId: null })),
              },
              onError: {
                target: 'idle',
                actions: [
                  { type: 'notifyActFailed', params: ({ event }) => failureMessage(event.error, spec.messages.actFailed) },
                  assign({ actingId: null }),
                ],
              },
            },
          },
        },
      },
    },
  });
}
