import { assign, setup, type ActorRefFrom } from 'xstate';

export type LightboxEvent =
  | { type: 'lightbox.open'; index: number; count: number }
  | { type: 'lightbox.next' }
  | { type: 'lightbox.previous' }
  | { type: 'lightbox.close' };

/**
 * A picture shown large over the page, with the next and previous pictures of the same set (going round at either
 * end); closing returns to the page where it was opened.
 */
export const lightboxMachine = setup({
  types: {
    context: {} as { index: number; count: number },
    events: {} as LightboxEvent,
  },
  guards: {
    /** One picture has no next or previous. */
    several: ({ context }) => context.count > 1,
    inSet: ({ event }) => event.type === 'lightbox.open' && event.count > 0 && event.index >= 0 && event.index < event.count,
  },
}).createMachine({
  id: 'lightbox',
  context: { index: 0, count: 0 },
  initial: 'closed',
  states: {
    closed: {
      on: {
        'lightbox.open': {
          guard: 'inSet',
          target: 'open',
          actions: assign(({ event }) => ({ index: event.index, count: event.count })),
        },
      },
    },
    open: {
      description: 'A picture fills the screen: arrows and buttons move through the set, Esc and Close return.',
      on: {
        'lightbox.next': { guard: 'several', actions: assign({ index: ({ context }) => (context.index + 1) % context.count }) },
        'lightbox.previous': {
          guard: 'several',
          actions: assign({ index: ({ context }) => (context.index - 1 + context.count) % context.count }),
        },
        'lightbox.close': 'closed',
      },
    },
  },
});

export type LightboxRef = ActorRefFrom<typeof lightboxMachine>;
