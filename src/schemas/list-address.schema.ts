import * as z from 'zod/mini';
import { LIST_MODES, SORT_DIRECTIONS, type ListMode, type SortDirection } from './list.schema';
import { text } from './text.schema';

/** Where a list stands: its page, page size, sort, filters and mode. Kept in the address, so Back returns to it. */
export interface ListPosition {
  page: number;
  pageSize: number;
  sort: { field: string; direction: SortDirection };
  filters: { text: string; facets: Record<string, string> };
  mode: ListMode;
}

/** What one list accepts in its address: anything else there is ignored. */
export interface ListAddressOptions {
  sortFields: readonly string[];
  pageSizes: readonly number[];
  /** Facet name to the values it offers. */
  facets: Readonly<Record<string, readonly string[]>>;
}

const MAX_PAGE = 100_000;

/** A value that does not fit is dropped rather than refused: a stale or edited address still opens the list. */
const lenient = <T extends z.ZodMiniType>(schema: T) => z.catch(z.optional(schema), undefined);
const wholeNumber = (fits: (n: number) => boolean) =>
  z.pipe(z.pipe(z.string().check(z.regex(/^\d{1,6}$/)), z.transform(Number)), z.number().check(z.refine(fits)));
const oneOf = (values: readonly string[]) => z.string().check(z.refine((v) => values.includes(v)));

/** The list's query parameters, each checked on its own: `page`, `pageSize`, `sort`, `order`, `q`, `view`. */
export const listAddressSchema = (o: ListAddressOptions) =>
  z.object({
    page: lenient(wholeNumber((n) => n >= 1 && n <= MAX_PAGE)),
    pageSize: lenient(wholeNumber((n) => o.pageSizes.includes(n))),
    sort: lenient(oneOf(o.sortFields)),
    order: lenient(z.enum(SORT_DIRECTIONS)),
    q: lenient(text('Search', [z.maxLength(200)])),
    view: lenient(z.enum(LIST_MODES)),
  });

/** One parameter per facet, named as the facet, holding one of its values. */
const facetsSchema = (o: ListAddressOptions) =>
  z.object(Object.fromEntries(Object.entries(o.facets).map(([name, values]) => [name, lenient(oneOf(values))])));

/** The position an address names, each missing or unfit value taken from `start` (where the list opens). */
export function parseListAddress(search: string, o: ListAddressOptions, start: ListPosition): ListPosition {
  const raw = Object.fromEntries(new URLSearchParams(search));
  const parsed = listAddressSchema(o).parse(raw);
  const facets = Object.fromEntries(Object.entries(facetsSchema(o).parse(raw)).filter((e): e is [string, string] => e[1] !== undefined));
  return {
    page: parsed.page ?? start.page,
    pageSize: parsed.pageSize ?? start.pageSize,
    sort: { field: parsed.sort ?? start.sort.field, direction: parsed.order ?? start.sort.direction },
    // A search or facet in the address replaces the starting filters as a whole.
    filters: parsed.q !== undefined || Object.keys(facets).length ? { text: parsed.q ?? '', facets } : start.filters,
    mode: parsed.view ?? start.mode,
  };
}

/** The query string of a position, naming only what differs from `start`, so the plain list keeps a plain address. */
export function toListSearch(p: ListPosition, start: ListPosition): string {
  const params = new URLSearchParams();
  if (p.page !== start.page) params.set('page', String(p.page));
  if (p.pageSize !== start.pageSize) params.set('pageSize', String(p.pageSize));
  if (p.sort.field !== start.sort.field || p.sort.direction !== start.sort.direction) {
    params.set('sort', p.sort.field);
    params.set('order', p.sort.direction);
  }
  if (p.filters.text !== '') params.set('q', p.filters.text);
  for (const [name, value] of Object.entries(p.filters.facets)) params.set(name, value);
  if (p.mode !== start.mode) params.set('view', p.mode);
  return params.toString();
}
