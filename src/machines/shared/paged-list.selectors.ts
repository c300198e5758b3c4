import { hasMoreItems, type PagedListContext } from './paged-list.machine';

/** What every list built by pagedListMachine offers its selectors (method syntax: any list's snapshot fits). */
export interface ListSnapshot<Item, Query, Summary> {
  context: PagedListContext<Item, Query, Summary>;
  matches(value: 'loading' | 'failed' | 'empty' | { loaded: 'loadingMore' }): boolean;
  can(event: { type: 'list.loadMore' }): boolean;
}

/** The page: reading the first page, could not, nothing for this query, or items shown. */
export const selectView = <I, Q, S>(s: ListSnapshot<I, Q, S>) =>
  s.matches('loading') ? 'loading' : s.matches('failed') ? 'failed' : s.matches('empty') ? 'empty' : 'loaded';
export const selectItems = <I, Q, S>(s: ListSnapshot<I, Q, S>) => s.context.items;
export const selectQuery = <I, Q, S>(s: ListSnapshot<I, Q, S>) => s.context.query;
export const selectSummary = <I, Q, S>(s: ListSnapshot<I, Q, S>) => s.context.summary;
export const selectError = <I, Q, S>(s: ListSnapshot<I, Q, S>) => s.context.error;
/** The chart takes 'Load more' now (not while another request is out). */
export const selectCanLoadMore = <I, Q, S>(s: ListSnapshot<I, Q, S>) => s.can({ type: 'list.loadMore' });
export const selectIsLoadingMore = <I, Q, S>(s: ListSnapshot<I, Q, S>) => s.matches({ loaded: 'loadingMore' });
/** The item being acted on, if one is: its button says so and every other waits. */
export const selectActingId = <I, Q, S>(s: ListSnapshot<I, Q, S>) => s.context.actingId;
/** Older items wait behind the cursor: 'Load more' is shown (a page shorter than `pageSize` is the last). */
export const selectHasMore =
  (pageSize?: number) =>
  <I, Q, S>(s: ListSnapshot<I, Q, S>) =>
    hasMoreItems(s.context, pageSize);
