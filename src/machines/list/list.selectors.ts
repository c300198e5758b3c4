import { hasFilters, type ListSnapshot } from './list.machine';

// What the list's parts ask its chart. Each part reads several fields at once: the selector builds an object of
// context fields, so the part reads it with shallowEqual and re-renders only when one of them changes.

/** The toolbar's choices: mode, aspect, sort and filters. */
export const selectToolbar = (s: ListSnapshot) => ({
  mode: s.context.mode,
  aspect: s.context.aspect,
  sort: s.context.sort,
  filters: s.context.filters,
});

/** The body: the chart's state (loading, debouncing...), how items are shown, the items and the error. */
export const selectBody = (s: ListSnapshot) => ({
  state: s.value,
  mode: s.context.mode,
  aspect: s.context.aspect,
  sort: s.context.sort,
  items: s.context.items,
  error: s.context.error,
});

/** The footer: which page, its size and the choices of size, how many in all and how many shown. */
export const selectPaging = (s: ListSnapshot) => ({
  page: s.context.page,
  pageSize: s.context.pageSize,
  pageSizes: s.context.pageSizes,
  total: s.context.total,
  shown: s.context.items.length,
});

/** A text or facet filter is in use (the phone's Filters line says so). */
export const selectHasFilters = (s: ListSnapshot) => hasFilters(s.context.filters);

/** The items of the page shown (the selection mode's Select All takes them). */
export const selectItems = (s: ListSnapshot) => s.context.items;
