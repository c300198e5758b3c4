import type { SnapshotFrom } from 'xstate';
import type { contactPageMachine } from './contact-page.machine';

type Snapshot = SnapshotFrom<typeof contactPageMachine>;

/** The page: reading, could not, no such contact, or the contact (with the form open or not). */
export const selectView = (s: Snapshot) =>
  s.matches('loading') ? 'loading' : s.matches('failed') ? 'failed' : s.matches('notFound') ? 'notFound' : 'contact';
export const selectDetail = (s: Snapshot) => s.context.detail;
export const selectError = (s: Snapshot) => s.context.error;
export const selectIsEditing = (s: Snapshot) => s.matches('editing') || s.matches('saving');
export const selectIsSaving = (s: Snapshot) => s.matches('saving');
export const selectForm = (s: Snapshot) => s.context.form;
/** The confirmation stays up, busy, until the app has left the deleted contact's page. */
export const selectIsConfirmingDelete = (s: Snapshot) => s.matches('confirmingDelete') || s.matches('deleting') || s.matches('deleted');
export const selectIsDeleting = (s: Snapshot) => s.matches('deleting') || s.matches('deleted');
