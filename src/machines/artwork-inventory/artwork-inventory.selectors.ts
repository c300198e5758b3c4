import type { SnapshotFrom } from 'xstate';
import type { artworkInventoryMachine } from './artwork-inventory.machine';
import { contactsFor } from './life-actions';

type InventorySnapshot = SnapshotFrom<typeof artworkInventoryMachine>;

/** The panel: reading, could not, or the pieces shown. */
export const selectView = (s: InventorySnapshot) => (s.matches('loading') ? 'loading' : s.matches('failed') ? 'failed' : 'ready');
export const selectInventory = (s: InventorySnapshot) => s.context.inventory;
export const selectHistory = (s: InventorySnapshot) => s.context.history;
export const selectHasMoreHistory = (s: InventorySnapshot) => s.context.nextCursor !== null;
export const selectError = (s: InventorySnapshot) => s.context.error;
export const selectDialog = (s: InventorySnapshot) => s.context.dialog;
/** The piece the open dialog is about. */
export const selectDialogPiece = (s: InventorySnapshot) =>
  s.context.dialog ? (s.context.inventory?.pieces.find((p) => p.pieceId === s.context.dialog!.pieceId) ?? null) : null;
/** The contacts the open dialog offers (galleries only to consign to). */
export const selectDialogContacts = (s: InventorySnapshot) =>
  s.context.dialog ? contactsFor(s.context.dialog.action, s.context.contacts) : [];
export const selectIsSending = (s: InventorySnapshot) => s.matches({ ready: { dialog: 'sending' } });
export const selectIsLoadingMore = (s: InventorySnapshot) => s.matches({ ready: 'loadingMore' });
/** Actions open only while nothing else is under way. */
export const selectCanAct = (s: InventorySnapshot) => s.matches({ ready: 'idle' });
