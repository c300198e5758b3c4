import type { MouseEvent, ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import type { ListSort } from '../../machines/list/list.machine';
import type { SortDirection } from '../../schemas/list.schema';
import type { ListColumn, ListView } from './list-types';
import { tileWidth } from './list-view';

type Classes = Record<'tiles' | 'tile' | 'table' | 'row' | 'cell' | 'headerCell' | 'sortButton', string>;

interface ItemsProps<T> {
  label: string;
  items: readonly T[];
  view: ListView;
  busy: boolean;
  itemKey: (item: T) => string;
  itemHref?: (item: T) => string;
  classes: Classes;
}

/** Tiles: each a link (when items have an address) holding what renderTile draws. */
export function TileGrid<T>({
  label,
  items,
  view,
  busy,
  itemKey,
  itemHref,
  classes,
  renderTile,
}: ItemsProps<T> & { renderTile: (item: T, view: ListView) => ReactNode }) {
  const width = tileWidth(view);
  return (
    <ul
      aria-label={label}
      aria-busy={busy}
      className={classes.tiles}
      style={{ gridTemplateColumns: `repeat(auto-fill, ${width}px)` }}
      data-mode={view.mode}
    >
      {items.map((item) => {
        const body = renderTile(item, view);
        const href = itemHref?.(item);
        return (
          <li key={itemKey(item)}>
            {href ? (
              <Link href={href} className={classes.tile}>
                {body}
              </Link>
            ) : (
              <div className={classes.tile}>{body}</div>
            )}
          </li>
        );
      })}
    </ul>
  );
}

const nextDirection = (sort: ListSort, field: string): SortDirection => (sort.field === field && sort.direction === 'asc' ? 'desc' : 'asc');
const ariaSort = (sort: ListSort, field?: string) =>
  field && sort.field === field ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined;

/** A table with a header per column (sortable ones are buttons); a click anywhere on a row opens the item. */
export function RowTable<T>({
  label,
  items,
  view,
  busy,
  itemKey,
  itemHref,
  classes,
  columns,
  sort,
  onSort,
}: ItemsProps<T> & {
  columns: readonly ListColumn<T>[];
  sort: ListSort;
  onSort: (sort: ListSort) => void;
}) {
  const [, navigate] = useLocation();
  const open = (href: string | undefined) => (e: MouseEvent<HTMLTableRowElement>) => {
    // The link inside the row handles its own clicks (and modified clicks open new tabs).
    if (!href || (e.target as Element).closest('a, button')) return;
    navigate(href);
  };
  return (
    <table aria-label={label} aria-busy={busy} className={classes.table} data-mode={view.mode}>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column.id} scope="col" className={classes.headerCell} aria-sort={ariaSort(sort, column.sortField)}>
              {column.sortField ? (
                <button
                  type="button"
                  className={classes.sortButton}
                  onClick={() => onSort({ field: column.sortField!, direction: nextDirection(sort, column.sortField!) })}
                >
                  {column.header}
                  <span aria-hidden="true">{sort.field === column.sortField ? (sort.direction === 'asc' ? '▲' : '▼') : ''}</span>
                </button>
              ) : (
                column.header
              )}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {items.map((item) => {
          const href = itemHref?.(item);
          return (
            <tr key={itemKey(item)} className={classes.row} onClick={open(href)}>
              {columns.map((column) => (
                <td key={column.id} className={classes.cell} data-column={column.id}>
                  {column.link && href ? <Link href={href}>{column.cell(item, view)}</Link> : column.cell(item, view)}
                </td>
              ))}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
