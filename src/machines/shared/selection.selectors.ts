import type { SnapshotFrom } from 'xstate';
import type { selectionMachine } from './selection.machine';

type SelectionSnapshot = SnapshotFrom<typeof selectionMachine>;

// The selection chart is often a child: before it starts there is no snapshot, and nothing is selected.
const NO_IDS: string[] = [];
/** In 'Select Multiple' mode: the items show checkboxes. */
export const selectIsSelecting = (s: SelectionSnapshot | undefined) => s?.matches('on') ?? false;
export const selectSelected = (s: SelectionSnapshot | undefined) => s?.context.selected ?? NO_IDS;
/** The selected ids that still name one of `ids` (an item may have gone since it was selected). */
export const selectedAmong = (s: SelectionSnapshot, ids: string[]) => s.context.selected.filter((id) => ids.includes(id));
