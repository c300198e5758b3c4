import { useCallback, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';
import { parseListAddress, toListSearch, type ListAddressOptions, type ListPosition } from '../../schemas/list-address.schema';

/**
 * Keeps a list's position in the address query: read when the list opens, written as it moves, replacing the entry
 * (typing a search adds no history), so Back from an item returns to the same page, sort and filters.
 * `opening` changes when the address is changed by anything but the list (a link to the plain list): the list is
 * then opened again, at the position the new address names.
 */
export function useListAddress(options: ListAddressOptions, start: ListPosition) {
  const search = useSearch();
  const [path, navigate] = useLocation();
  const written = useRef(search);
  const opening = useRef(0);
  // What this hook last wrote is compared with the address during render, so an outside change (a link to the plain
  // list) reopens the list in the very render that shows the new address, not one render later.
  /* eslint-disable react-hooks/refs */
  if (search !== written.current) {
    written.current = search;
    opening.current += 1;
  }
  const latest = useRef({ path, navigate, start });
  latest.current = { path, navigate, start };
  const positionChanged = useCallback((position: ListPosition) => {
    const next = toListSearch(position, latest.current.start);
    if (next === written.current) return;
    written.current = next;
    latest.current.navigate(next ? `${latest.current.path}?${next}` : latest.current.path, { replace: true });
  }, []);
  return { opening: opening.current, position: parseListAddress(search, options, start), positionChanged };
  /* eslint-enable react-hooks/refs */
}
