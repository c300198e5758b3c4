import type { CSSProperties, MouseEvent, ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { css, cx } from 'styled-system/css';
import type { ListSort } from '../../machines/list/list.machine';
import type { SortDirection } from '../../schemas/list.schema';
import type { ListColumn, ListSelection, ListView } from './list-types';
import { isWallOfPrints, tileWidth } from './list-view';

type Classes = Record<'tiles' | 'tile' | 'check' | 'table' | 'row' | 'cell' | 'headerCell' | 'sortButton', string>;

interface ItemsProps<T> {
  label: string;
  items: readonly T[];
  view: ListView;
  busy: boolean;
  itemKey: (item: T) => string;
  itemHref?: (item: T) => string;
  classes: Classes;
  /** The multi-select mode, when the list has one: while it is on, items toggle instead of opening. */
  selection?: ListSelection<T>;
}

/** The gap between tiles, in CSS pixels (the recipe's gap 4, and 3 for small tiles). */
const tileGap = (view: ListView) => (view.small ? 12 : 16);

/**
 * Columns that fill the width with no dead margin, each at least the tile's width, and always at least two side by
 * side (a phone shows two): `min(the tile's width, half the row)`, then shared out.
 */
export const tileColumns = (view: ListView) => {
  return `repeat(auto-fill, minmax(min(${tileWidth(view)}px, calc(50% - ${tileGap(view) / 2}px)), 1fr))`;
};

/** Tiles in their own shapes ('Original' aspect) stack in columns like a wall of prints, each as tall as it is. */
const masonry = css({
  display: 'block',
  // Two columns on a phone; wider, as many as the tile's width allows.
  columnCount: { base: 2, sm: 'auto' },
  columnWidth: { sm: 'var(--tile-width)' },
  columnGap: 'var(--tile-gap)',
  '& > li': { breakInside: 'avoid', mb: 'var(--tile-gap)' },
});
const gridStyle = (view: ListView) => {
  if (!isWallOfPrints(view)) return { gridTemplateColumns: tileColumns(view) };
  return { '--tile-width': `${tileWidth(view)}px`, '--tile-gap': `${tileGap(view)}px` } as CSSProperties;
};

/** An item's checkbox in the selection mode (a tile's corner, a row's own cell). */
function ItemCheck<T>(props: { selection: ListSelection<T>; item: T; itemKey: string; checked: boolean; className: string }) {
  const { selection, item, itemKey, checked, className } = props;
  return (
    <input
      type="checkbox"
      className={className}
      checked={checked}
      aria-label={selection.label(item)}
      onChange={() => selection.toggle(itemKey)}
    />
  );
}

/** Tiles: each a link (when items have an address) holding what renderTile draws; in the selection mode, a checkbox. */
export function TileGrid<T>({
  label,
  items,
  view,
  busy,
  itemKey,
  itemHref,
  classes,
  renderTile,
  selection,
}: ItemsProps<T> & { renderTile: (item: T, view: ListView) => ReactNode }) {
  const selecting = selection?.active ?? false;
  return (
    <ul
      aria-label={label}
      aria-busy={busy}
      className={isWallOfPrints(view) ? cx(classes.tiles, masonry) : classes.tiles}
      style={gridStyle(view)}
      data-mode={view.mode}
      data-selecting={selecting || undefined}
    >
      {items.map((item) => {
        const key = itemKey(item);
        const body = renderTile(item, view);
        const href = itemHref?.(item);
        const checked = selecting && selection!.selected.includes(key);
        return (
          <li key={key} data-selected={checked || undefined}>
            {selecting ? (
              <label className={classes.tile}>
                <ItemCheck selection={selection!} item={item} itemKey={key} checked={checked} className={classes.check} />
                {body}
              </label>
            ) : href ? (
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
  selection,
}: ItemsProps<T> & {
  columns: readonly ListColumn<T>[];
  sort: ListSort;
  onSort: (sort: ListSort) => void;
}) {
  const [, navigate] = useLocation();
  const selecting = selection?.active ?? false;
  const open = (href: string | undefined, key: string) => (e: MouseEvent<HTMLTableRowElement>) => {
    // The link inside the row handles its own clicks (and modified clicks open new tabs); the checkbox its own.
    if ((e.target as Element).closest('a, button, input')) return;
    if (selecting) selection!.toggle(key);
    else if (href) navigate(href);
  };
  return (
    <table aria-label={label} aria-busy={busy} className={classes.table} data-mode={view.mode}>
      <thead>
        <tr>
          {selecting ? (
            <th scope="col" className={classes.headerCell}>
              <span className={css({ srOnly: true })}>Selected</span>
            </th>
          ) : null}
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
          const key = itemKey(item);
          const href = itemHref?.(item);
          const checked = selecting && selection!.selected.includes(key);
          return (
            <tr key={key} className={classes.row} onClick={open(href, key)} data-selected={checked || undefined}>
              {selecting ? (
                <td className={classes.cell} data-column="select">
                  <ItemCheck selection={selection!} item={item} itemKey={key} checked={checked} className={classes.check} />
                </td>
              ) : null}
              {columns.map((column) => (
                <td key={column.id} className={classes.cell} data-column={column.id}>
                  {column.link && href && !selecting ? <Link href={href}>{column.cell(item, view)}</Link> : column.cell(item, view)}
                </td>
              ))}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
