import type { ListPosition } from '../../schemas/list-address.schema';
import type { ImageAspect, ListMode, ListSettings, SortDirection } from '../../schemas/list.schema';

export type { ListPosition };

/** The generic list's schema: what it is asked for, what it holds, what it hears. */
export interface ListSort {
  field: string;
  direction: SortDirection;
}
export interface ListFilters {
  text: string;
  /** Facet name to chosen value; a facet left out is not filtered on. */
  facets: Record<string, string>;
}
/** What fetchPage is asked for: one page, sorted and filtered by the server. */
export interface ListQuery {
  page: number;
  pageSize: number;
  sort: string;
  order: SortDirection;
  filters: ListFilters;
}
export interface ListPage<T = unknown> {
  items: T[];
  total: number;
}

export interface ListInput {
  /** Page-size options; the first is the default. */
  pageSizes?: readonly number[];
  sort: ListSort;
  /** Remembered view settings; values that do not fit this list are ignored. */
  settings?: ListSettings;
  /** Where to open (read from the address on the way back to the list); otherwise page 1 of `sort`, unfiltered. */
  position?: ListPosition;
  /** What a failed load is called when the server gives no reason of its own ('Failed to fetch artworks'). */
  loadFailed?: string;
}

export interface ListContext {
  mode: ListMode;
  aspect: ImageAspect;
  pageSizes: readonly number[];
  pageSize: number;
  page: number;
  sort: ListSort;
  filters: ListFilters;
  items: unknown[];
  total: number;
  error: string | null;
  /** From the input: said before a generic reason when a load fails. */
  loadFailed?: string;
}

export type ListEvent =
  | { type: 'list.mode'; mode: ListMode }
  | { type: 'list.aspect'; aspect: ImageAspect }
  | { type: 'list.sort'; field: string; direction: SortDirection }
  | { type: 'list.filterText'; text: string }
  | { type: 'list.facet'; name: string; value: string | undefined }
  | { type: 'list.clearFilters' }
  | { type: 'list.page'; page: number }
  | { type: 'list.pageSize'; pageSize: number }
  | { type: 'list.retry' }
  /** The items changed elsewhere (artworks made from dropped files, a bulk change): the same page is read again. */
  | { type: 'list.reload' };
