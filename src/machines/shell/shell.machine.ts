import { setup } from 'xstate';

export interface ShellInput {
  /** The screen is at least as wide as the `md` breakpoint when the shell starts. */
  wide: boolean;
}

export type ShellEvent =
  | { type: 'viewport.wide' }
  | { type: 'viewport.narrow' }
  | { type: 'drawer.open' }
  | { type: 'drawer.close' }
  | { type: 'shell.navigated' };

/**
 * The signed-in layout. On a wide screen the Sections navigation sits beside the page; on a phone it is a drawer
 * the artist opens from the top bar, and following any link, Escape or a tap outside puts it away again.
 */
export const shellMachine = setup({
  types: {
    context: {} as ShellInput,
    input: {} as ShellInput,
    events: {} as ShellEvent,
    tags: {} as 'phone',
  },
  guards: {
    startsWide: ({ context }) => context.wide,
  },
}).createMachine({
  id: 'shell',
  context: ({ input }) => input,
  initial: 'sizing',
  states: {
    sizing: {
      description: 'Chooses the layout for the screen the app opened on, before anything is drawn.',
      always: [{ guard: 'startsWide', target: 'wide' }, { target: 'narrow' }],
    },
    wide: {
      description: 'The side navigation sits beside the page.',
      on: { 'viewport.narrow': 'narrow' },
    },
    narrow: {
      description: 'A phone: the side navigation is a drawer behind the menu button.',
      tags: ['phone'],
      initial: 'drawerClosed',
      on: { 'viewport.wide': 'wide' },
      states: {
        drawerClosed: {
          on: { 'drawer.open': 'drawerOpen' },
        },
        drawerOpen: {
          description: 'The drawer covers the page; whatever the artist chooses in it closes it.',
          on: {
            'drawer.close': 'drawerClosed',
            'shell.navigated': 'drawerClosed',
          },
        },
      },
    },
  },
});
