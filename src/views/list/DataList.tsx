import { useMemo, type ReactNode } from 'react';
import { shallowEqual, useSelector } from '@xstate/react';
import { dataList } from 'styled-system/recipes/data-list';
import type { ListActorRef } from '../../machines/list/list.machine';
import { selectBody } from '../../machines/list/list.selectors';
import { LIST_MESSAGES } from '../../schemas/list.schema';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import type { SelectOption } from '../ui/select';
import { Spinner } from '../ui/spinner';
import { ListFooter } from './list-footer';
import { RowTable, TileGrid } from './list-items';
import { usePhoneLayout } from '../shell/phone-layout';
import { FiltersDisclosure } from './filters-disclosure';
import { ListToolbar } from './list-toolbar';
import type { ListColumn, ListFacet, ListSelection, ListView } from './list-types';
import { listView } from './list-view';

export interface DataListProps<T> {
  /** A running list actor (see list.machine.ts); the page that owns it provides fetchPage. */
  actor: ListActorRef;
  /** The accessible name of the tiles or the table, e.g. 'Artworks'. */
  label: string;
  columns: readonly ListColumn<T>[];
  renderTile: (item: T, view: ListView) => ReactNode;
  itemKey: (item: T) => string;
  /** Where an item opens; tiles become links and rows open on click. */
  itemHref?: (item: T) => string;
  sortFields: readonly SelectOption[];
  facets?: readonly ListFacet[];
  filterLabel?: string;
  filterPlaceholder?: string;
  emptyMessage?: string;
  /** What an empty list shows instead of the plain message (an EmptyState with its one action). */
  empty?: ReactNode;
  /** Offer the image-aspect choice (lists of pictures). */
  showAspect?: boolean;
  /** The multi-select mode: items show checkboxes, and a click toggles instead of opening. */
  selection?: ListSelection<T>;
}

/**
 * The generic list: a toolbar (filter, facets, sort, aspect, mode), the items as tiles or table rows, and the
 * footer (range, page size, pages). Loading, failed and empty states come from the list machine.
 */
export function DataList<T>(props: DataListProps<T>) {
  const {
    actor,
    label,
    columns,
    renderTile,
    itemKey,
    itemHref,
    sortFields,
    facets = [],
    emptyMessage = LIST_MESSAGES.empty,
    showAspect = false,
  } = props;
  const { state, mode, aspect, sort, items, error } = useSelector(actor, selectBody, shallowEqual);
  const phone = usePhoneLayout();
  const view = useMemo(() => listView(mode, aspect), [mode, aspect]);
  const classes = dataList({ mode });
  const rows = items as T[];
  const busy = state === 'loading' || state === 'debouncing';
  const common = { label, items: rows, view, busy, itemKey, itemHref, classes, selection: props.selection };

  const toolbar = (
    <ListToolbar
      actor={actor}
      className={classes.toolbar}
      filterLabel={props.filterLabel ?? 'Filter'}
      filterPlaceholder={props.filterPlaceholder}
      sortFields={sortFields}
      facets={facets}
      showAspect={showAspect}
    />
  );

  return (
    <div className={classes.root} data-state={state} data-mode={mode}>
      {phone ? <FiltersDisclosure actor={actor}>{toolbar}</FiltersDisclosure> : toolbar}
      {state === 'loading' ? <Spinner /> : null}
      {state === 'failed' ? (
        <Alert status="danger">
          {error ?? LIST_MESSAGES.failed}{' '}
          <Button variant="link" onClick={() => actor.send({ type: 'list.retry' })}>
            Try again
          </Button>
        </Alert>
      ) : null}
      {state === 'empty' ? (props.empty ?? <Alert status="info">{emptyMessage}</Alert>) : null}
      {rows.length > 0 ? (
        <>
          {view.tiles ? (
            <TileGrid {...common} renderTile={renderTile} />
          ) : (
            <RowTable {...common} columns={columns} sort={sort} onSort={(next) => actor.send({ type: 'list.sort', ...next })} />
          )}
          <ListFooter actor={actor} className={classes.footer} summaryClassName={classes.summary} />
        </>
      ) : null}
    </div>
  );
}
