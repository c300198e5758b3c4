import type { SnapshotFrom } from 'xstate';
import type { accountDeletionMachine } from './account-deletion.machine';
import type { dataExportMachine } from './data-export.machine';

type DataExportSnapshot = SnapshotFrom<typeof dataExportMachine>;
type AccountDeletionSnapshot = SnapshotFrom<typeof accountDeletionMachine>;

/** Download my data: not started, downloading, saved, or failed. */
export const selectExportState = (s: DataExportSnapshot) =>
  s.matches('downloading') ? 'downloading' : s.matches('saved') ? 'saved' : s.matches('failed') ? 'failed' : 'idle';
export const selectExportProgress = (s: DataExportSnapshot) => s.context.progress;
export const selectSavedBytes = (s: DataExportSnapshot) => s.context.savedBytes;
export const selectExportError = (s: DataExportSnapshot) => s.context.error;

/** Delete my account: closed, the confirmation open (sending it included), or deleted. */
export const selectDeletionState = (s: AccountDeletionSnapshot) =>
  s.matches('closed') ? 'closed' : s.matches('deleted') ? 'deleted' : 'confirming';
export const selectIsDeleting = (s: AccountDeletionSnapshot) => s.hasTag('busy');
export const selectDeletionForm = (s: AccountDeletionSnapshot) => s.context.form;
export const selectDeletionError = (s: AccountDeletionSnapshot) => s.context.error;
