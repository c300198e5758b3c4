import { assign, setup, type ActorRefFrom } from 'xstate';
import { TOAST_DEFAULT_DURATION, toastMachine, type Toast, type ToastType } from './toast.machine';

export type ToastRef = ActorRefFrom<typeof toastMachine>;

export type ToastsEvent =
  | { type: 'toast.add'; title: string; description?: string; toastType?: ToastType; duration?: number }
  | { type: 'toast.remove'; id: string }
  /** Sent by a spawned toast when it finishes. */
  | { type: `xstate.done.actor.${string}`; actorId: string };

let counter = 0;

/** The list of toasts: each added one runs its own machine and leaves the list when that machine finishes. */
export const toastsMachine = setup({
  types: {
    context: {} as { toasts: ToastRef[] },
    events: {} as ToastsEvent,
  },
  actors: { toast: toastMachine },
}).createMachine({
  id: 'toasts',
  context: { toasts: [] },
  on: {
    'toast.add': {
      actions: assign({
        toasts: ({ context, event, spawn }) => {
          const id = `toast-${++counter}`;
          const input: Toast = {
            id,
            title: event.title,
            description: event.description,
            type: event.toastType ?? 'info',
            duration: event.duration ?? TOAST_DEFAULT_DURATION,
          };
          return [...context.toasts, spawn('toast', { id, input })];
        },
      }),
    },
    'toast.remove': { actions: assign({ toasts: ({ context, event }) => context.toasts.filter((t) => t.id !== event.id) }) },
    // A toast that closed (timer or Close button) leaves the list.
    'xstate.done.actor.*': { actions: assign({ toasts: ({ context, event }) => context.toasts.filter((t) => t.id !== event.actorId) }) },
  },
});
