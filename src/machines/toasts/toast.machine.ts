import { setup } from 'xstate';

export type ToastType = 'info' | 'success' | 'warning' | 'error';

export const TOAST_DEFAULT_DURATION = 5000;
/** Used when a toast's duration is not a positive number (e.g. 0). */
export const TOAST_FALLBACK_DURATION = 10000;

export interface Toast {
  id: string;
  title: string;
  description?: string;
  type: ToastType;
  duration: number;
}

/** One toast: shown, removed after its duration; hovering or focusing it pauses the countdown. */
export const toastMachine = setup({
  types: {
    context: {} as Toast,
    input: {} as Toast,
    events: {} as { type: 'toast.pause' } | { type: 'toast.resume' } | { type: 'toast.close' },
  },
  delays: {
    duration: ({ context }) => (context.duration > 0 ? context.duration : TOAST_FALLBACK_DURATION),
  },
}).createMachine({
  id: 'toast',
  context: ({ input }) => input,
  initial: 'visible',
  states: {
    visible: {
      after: { duration: 'closed' },
      on: { 'toast.pause': 'paused', 'toast.close': 'closed' },
    },
    paused: {
      description: 'The pointer or keyboard focus is on the toast: it stays until they leave.',
      on: { 'toast.resume': 'visible', 'toast.close': 'closed' },
    },
    closed: { type: 'final' },
  },
});
