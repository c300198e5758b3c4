import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { DEFAULT_IMAGE_ASPECT, DEFAULT_LIST_MODE, LIST_PAGE_SIZES, type ListSettings } from '../../schemas/list.schema';
import type { ListContext, ListEvent, ListFilters, ListInput, ListPage, ListPosition, ListQuery } from './list.types';
import { failureMessage } from '../shared/failure';

export type * from './list.types';

/** Typing in the filter waits this long for a pause before asking the server. */
export const FILTER_DEBOUNCE_MS = 300;

const settingsOf = (c: ListContext): ListSettings => ({ mode: c.mode, pageSize: c.pageSize, aspect: c.aspect });
export const pageCount = (c: Pick<ListContext, 'total' | 'pageSize'>) => Math.max(1, Math.ceil(c.total / c.pageSize));
export const hasFilters = (f: ListFilters) => f.text.trim() !== '' || Object.keys(f.facets).length > 0;
const NO_FILTERS: ListFilters = { text: '', facets: {} };

/** Where a list opens without a position of its own: page 1, the input's sort, no filters, the remembered settings. */
export function startPosition(input: ListInput): ListPosition {
  const pageSizes = input.pageSizes?.length ? input.pageSizes : LIST_PAGE_SIZES;
  const remembered = input.settings?.pageSize;
  return {
    page: 1,
    pageSize: remembered !== undefined && pageSizes.includes(remembered) ? remembered : pageSizes[0],
    sort: input.sort,
    filters: NO_FILTERS,
    mode: input.settings?.mode ?? DEFAULT_LIST_MODE,
  };
}
const positionOf = (c: ListContext): ListPosition => ({
  page: c.page,
  pageSize: c.pageSize,
  sort: c.sort,
  filters: c.filters,
  mode: c.mode,
});
const lastPageOf = (c: ListContext, page: ListPage) => pageCount({ total: page.total, pageSize: c.pageSize });

/**
 * A generic list: one page of items fetched for the current sort, filter and page size, shown in one of four
 * modes. Changing the query goes back to page 1 and asks again; typing in the filter waits for a pause first.
 */
export const listMachine = setup({
  types: {
    context: {} as ListContext,
    events: {} as ListEvent,
    input: {} as ListInput,
    tags: {} as 'busy',
  },
  actors: {
    fetchPage: fromPromise<ListPage, ListQuery>(async () => {
      throw new Error('fetchPage not provided');
    }),
  },
  delays: { filterDebounce: FILTER_DEBOUNCE_MS },
  actions: {
    /** Remembers the view settings (mode, page size, image aspect) for the next visit. */
    settingsChanged: (_, _settings: ListSettings) => {},
    /** Tells where the list now stands (page, size, sort, filters, mode), for the address. */
    positionChanged: (_, _position: ListPosition) => {},
    firstPage: assign({ page: 1 }),
  },
  guards: {
    noItemsFound: ({ event }) => (event as { output?: ListPage }).output?.items.length === 0,
    /** An empty page past the end of a list that has items: an old address after artworks were deleted. */
    pageBeyondEnd: ({ context, event }) => {
      const output = (event as { output?: ListPage }).output;
      return output !== undefined && output.items.length === 0 && output.total > 0 && context.page > lastPageOf(context, output);
    },
    hasFilters: ({ context }) => hasFilters(context.filters),
    otherPageInRange: ({ context, event }) =>
      event.type === 'list.page' &&
      context.items.length > 0 &&
      event.page !== context.page &&
      event.page >= 1 &&
      event.page <= pageCount(context),
    offeredPageSize: ({ context, event }) =>
      event.type === 'list.pageSize' && context.pageSizes.includes(event.pageSize) && event.pageSize !== context.pageSize,
  },
}).createMachine({
  id: 'list',
  context: ({ input }) => {
    const pageSizes = input.pageSizes?.length ? input.pageSizes : LIST_PAGE_SIZES;
    const start = startPosition(input);
    const at = input.position ?? start;
    return {
      mode: at.mode,
      aspect: input.settings?.aspect ?? DEFAULT_IMAGE_ASPECT,
      pageSizes,
      pageSize: pageSizes.includes(at.pageSize) ? at.pageSize : start.pageSize,
      page: Math.max(1, at.page),
      sort: at.sort,
      filters: at.filters,
      items: [],
      total: 0,
      error: null,
      loadFailed: input.loadFailed,
    };
  },
  initial: 'loading',
  on: {
    'list.mode': {
      actions: [
        assign({ mode: ({ event }) => event.mode }),
        { type: 'settingsChanged', params: ({ context }) => settingsOf(context) },
        { type: 'positionChanged', params: ({ context }) => positionOf(context) },
      ],
    },
    'list.aspect': {
      actions: [assign({ aspect: ({ event }) => event.aspect }), { type: 'settingsChanged', params: ({ context }) => settingsOf(context) }],
    },
    'list.sort': {
      target: '.loading',
      actions: [assign({ sort: ({ event }) => ({ field: event.field, direction: event.direction }) }), 'firstPage'],
    },
    'list.filterText': {
      target: '.debouncing',
      actions: [assign({ filters: ({ context, event }) => ({ ...context.filters, text: event.text }) }), 'firstPage'],
    },
    'list.facet': {
      target: '.loading',
      actions: [
        assign({
          filters: ({ context, event }) => {
            const { [event.name]: _old, ...facets } = context.filters.facets;
            return { ...context.filters, facets: event.value === undefined ? facets : { ...facets, [event.name]: event.value } };
          },
        }),
        'firstPage',
      ],
    },
    'list.clearFilters': { guard: 'hasFilters', target: '.loading', actions: [assign({ filters: NO_FILTERS }), 'firstPage'] },
    'list.pageSize': {
      guard: 'offeredPageSize',
      target: '.loading',
      actions: [
        assign({ pageSize: ({ event }) => event.pageSize }),
        'firstPage',
        { type: 'settingsChanged', params: ({ context }) => settingsOf(context) },
      ],
    },
    'list.page': { guard: 'otherPageInRange', target: '.loading', actions: assign({ page: ({ event }) => event.page }) },
    'list.reload': { target: '.loading' },
  },
  states: {
    debouncing: {
      description: 'The filter text changed: the items shown stay until typing pauses, then one request goes.',
      tags: ['busy'],
      entry: { type: 'positionChanged', params: ({ context }) => positionOf(context) },
      after: { filterDebounce: 'loading' },
    },
    loading: {
      description: 'Asking for the page; the previous page, if any, stays on screen meanwhile.',
      tags: ['busy'],
      entry: { type: 'positionChanged', params: ({ context }) => positionOf(context) },
      invoke: {
        id: 'fetchPage',
        src: 'fetchPage',
        input: ({ context }) => ({
          page: context.page,
          pageSize: context.pageSize,
          sort: context.sort.field,
          order: context.sort.direction,
          filters: context.filters,
        }),
        onDone: [
          {
            guard: 'pageBeyondEnd',
            target: 'loading',
            reenter: true,
            actions: assign({ page: ({ context, event }) => lastPageOf(context, event.output) }),
          },
          { guard: 'noItemsFound', target: 'empty', actions: assign({ items: [], total: 0, error: null }) },
          {
            target: 'loaded',
            actions: assign({ items: ({ event }) => event.output.items, total: ({ event }) => event.output.total, error: null }),
          },
        ],
        onError: {
          target: 'failed',
          actions: assign({ items: [], total: 0, error: ({ context, event }) => failureMessage(event.error, context.loadFailed) }),
        },
      },
    },
    loaded: {},
    empty: { description: 'Nothing matches: the empty message, and the filters stay to be changed or cleared.' },
    failed: { on: { 'list.retry': 'loading' } },
  },
});

export type ListLogic = typeof listMachine;
export type ListActorRef = ActorRefFrom<typeof listMachine>;
export type ListSnapshot = SnapshotFrom<typeof listMachine>;

/** The data state the view shows: debouncing, loading, loaded, empty or failed. */
export const selectListState = (s: ListSnapshot) => s.value;
export const selectIsBusy = (s: ListSnapshot) => s.hasTag('busy');
