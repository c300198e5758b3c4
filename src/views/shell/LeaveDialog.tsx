import { ConfirmDialog } from '../ui/dialog';

/** The leave guard's words (docs/decisions.md, 'Leaving a form with unsaved changes'), the same on every form. */
export const LEAVE_DIALOG = {
  title: 'Leave without saving?',
  message: 'You have unsaved changes. If you leave now, they will be lost.',
  stay: 'Stay',
  leave: 'Leave',
} as const;

/** Asked when the artist leaves a form with unsaved changes: Stay (the safe choice, also Escape) or Leave. */
export function LeaveDialog({ open, onStay, onLeave }: { open: boolean; onStay: () => void; onLeave: () => void }) {
  return (
    <ConfirmDialog
      open={open}
      title={LEAVE_DIALOG.title}
      message={LEAVE_DIALOG.message}
      confirmLabel={LEAVE_DIALOG.leave}
      cancelLabel={LEAVE_DIALOG.stay}
      onConfirm={onLeave}
      onCancel={onStay}
    />
  );
}
