import type { ReactNode } from 'react';
import type { ImageAspect, ListMode } from '../../schemas/list.schema';
import type { SelectOption } from '../ui/select';

/** How items are being shown, for column and tile renderers. */
export interface ListView {
  mode: ListMode;
  aspect: ImageAspect;
  tiles: boolean;
  small: boolean;
  /** The image box of a tile or row thumbnail, in CSS pixels. */
  image: { width: number; height: number };
}

export interface ListColumn<T> {
  id: string;
  header: string;
  cell: (item: T, view: ListView) => ReactNode;
  /** The sort field its header sorts by; no field, no sorting from the header. */
  sortField?: string;
  /** This cell wraps its content in the item's link: the row's keyboard access. */
  link?: boolean;
}

/** A filter on one field with a fixed set of values (e.g. media type). */
export interface ListFacet {
  name: string;
  label: string;
  /** The option that removes the filter, e.g. 'All media types'. */
  allLabel: string;
  options: readonly SelectOption[];
}

/** The list's multi-select mode (the selection chart's state, and what a checkbox does). */
export interface ListSelection<T> {
  active: boolean;
  selected: readonly string[];
  toggle: (key: string) => void;
  /** What the item's checkbox says: 'Select Harbour at Dusk'. */
  label: (item: T) => string;
}
