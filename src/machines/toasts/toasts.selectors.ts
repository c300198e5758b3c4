import type { SnapshotFrom } from 'xstate';
import type { toastMachine } from './toast.machine';
import type { toastsMachine } from './toasts.machine';

// On the sign-in path: only types come from the charts.
type ToastsSnapshot = SnapshotFrom<typeof toastsMachine>;
type ToastSnapshot = SnapshotFrom<typeof toastMachine>;

/** The toasts shown, oldest first. */
export const selectToasts = (s: ToastsSnapshot) => s.context.toasts;
/** What one toast says, and its type (error, success...). */
export const selectToastTitle = (s: ToastSnapshot) => s.context.title;
export const selectToastDescription = (s: ToastSnapshot) => s.context.description;
export const selectToastType = (s: ToastSnapshot) => s.context.type;
/** 'visible', 'paused' or 'closed', for data-state. */
export const selectToastState = (s: ToastSnapshot) => String(s.value);
