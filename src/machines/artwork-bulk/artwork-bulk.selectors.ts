import type { SnapshotFrom } from 'xstate';
import type { SelectionRef } from '../shared/selection.machine';
import type { artworkBulkMachine } from './artwork-bulk.machine';

// What My Artworks' selection bar, its dialogs and the undo toast ask the bulk chart.

type BulkSnapshot = SnapshotFrom<typeof artworkBulkMachine>;

/** The selection mode's own chart (a child). */
export const selectSelection = (s: BulkSnapshot) => s.children.selection as SelectionRef | undefined;
export const selectIsConfirming = (s: BulkSnapshot) => s.matches('confirming');
export const selectIsApplying = (s: BulkSnapshot) => s.matches('applying');
export const selectIsBusy = (s: BulkSnapshot) => s.hasTag('busy');
/** The change waiting for its confirmation, and how many artworks it takes. */
export const selectRequest = (s: BulkSnapshot) => s.context.request;
export const selectCount = (s: BulkSnapshot) => s.context.ids.length;
/** The collection dialog: open, and loading, ready (with the collections), empty or failed. */
export const selectPicking = (s: BulkSnapshot) =>
  s.matches('picking') ? (Object.values(s.value)[0] as 'loading' | 'ready' | 'empty' | 'failed') : null;
export const selectCollections = (s: BulkSnapshot) => s.context.collections;
export const selectError = (s: BulkSnapshot) => s.context.error;
/** The undo toast's message while it shows, or null. */
export const selectUndoable = (s: BulkSnapshot) => (s.matches('undoable') || s.matches('undoing') ? s.context.done : null);
export const selectIsUndoing = (s: BulkSnapshot) => s.matches('undoing');
/** The Consign... dialog: open, and loading, failed, noGallery (add one by name), addingGallery, editing or sending. */
export const selectConsigning = (s: BulkSnapshot) =>
  s.matches('consigning')
    ? (Object.values(s.value)[0] as 'loading' | 'failed' | 'noGallery' | 'addingGallery' | 'editing' | 'sending')
    : null;
export const selectConsignDraft = (s: BulkSnapshot) => s.context.consign;
/** The consignment toast's message while it shows, or null. */
export const selectConsigned = (s: BulkSnapshot) => (s.matches('consigned') ? s.context.consigned : null);
