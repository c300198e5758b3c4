import type { ListMode } from '../../schemas/list.schema';

const paths: Record<ListMode, string> = {
  'large-tiles': 'M3 3h8v8H3zM13 3h8v8h-8zM3 13h8v8H3zM13 13h8v8h-8z',
  'small-tiles':
    'M3 3h5v5H3zM9.5 3h5v5h-5zM16 3h5v5h-5zM3 9.5h5v5H3zM9.5 9.5h5v5h-5zM16 9.5h5v5h-5zM3 16h5v5H3zM9.5 16h5v5h-5zM16 16h5v5h-5z',
  'large-rows': 'M3 4h18v6H3zM3 14h18v6H3z',
  'small-rows': 'M3 4h18v3H3zM3 10.5h18v3H3zM3 17h18v3H3z',
};

/** The picture of a list mode; its name is given by the control that shows it. */
export function ModeIcon({ mode }: { mode: ListMode }) {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
      <path d={paths[mode]} />
    </svg>
  );
}
