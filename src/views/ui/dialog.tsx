import { Dialog as ArkDialog } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import { createStyleContext } from 'styled-system/jsx/create-style-context';
import { dialog } from 'styled-system/recipes/dialog';
import { css } from 'styled-system/css';
import { Button } from './button';

const { withRootProvider, withContext } = createStyleContext(dialog);

export const Dialog = {
  Root: withRootProvider(ArkDialog.Root),
  Backdrop: withContext(ArkDialog.Backdrop, 'backdrop'),
  Positioner: withContext(ArkDialog.Positioner, 'positioner'),
  Content: withContext(ArkDialog.Content, 'content'),
  Title: withContext(ArkDialog.Title, 'title'),
  Description: withContext(ArkDialog.Description, 'description'),
  CloseTrigger: withContext(ArkDialog.CloseTrigger, 'closeTrigger'),
};

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  /** The safe choice's label ('Cancel' unless given). */
  cancelLabel?: string;
  /** Shown on the confirm button while the action runs; both buttons are then disabled. */
  busyLabel?: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * A modal alert dialog whose open state belongs to a machine: Escape, a click outside and Cancel all cancel.
 * Focus starts on Cancel, the safe choice.
 */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  cancelLabel = 'Cancel',
  busyLabel,
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Dialog.Root
      open={open}
      role="alertdialog"
      lazyMount
      unmountOnExit
      closeOnInteractOutside={!busy}
      closeOnEscape={!busy}
      onOpenChange={(d) => {
        if (!d.open) onCancel();
      }}
      initialFocusEl={() => document.querySelector<HTMLElement>('[data-confirm-cancel]')}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Title>{title}</Dialog.Title>
            <Dialog.Description>{message}</Dialog.Description>
            <div className={css({ display: 'flex', gap: '3', justifyContent: 'flex-end' })}>
              <Button variant="outline" data-confirm-cancel="" disabled={busy} onClick={onCancel}>
                {cancelLabel}
              </Button>
              <Button variant="danger" disabled={busy} onClick={onConfirm}>
                {busy && busyLabel ? busyLabel : confirmLabel}
              </Button>
            </div>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
