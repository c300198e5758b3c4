import { assign, fromPromise, setup } from 'xstate';

export interface ShellInput {
  /** The screen is at least as wide as the `md` breakpoint when the shell starts. */
  wide: boolean;
}

export interface ShellContext extends ShellInput {
  /** The avatar version the header shows (or is loading), and the picture's address once loaded. */
  avatarVersion: string | null;
  avatarUrl: string | null;
}

export type ShellEvent =
  | { type: 'viewport.wide' }
  | { type: 'viewport.narrow' }
  | { type: 'drawer.open' }
  | { type: 'drawer.close' }
  | { type: 'shell.navigated' }
  /** The signed-in artist's avatar changed (an upload, the profile read at start); null: they have none. */
  | { type: 'avatar.changed'; version: string | null };

/**
 * The signed-in layout. On a wide screen the studio's navigation sits beside the page; on a phone it is a drawer the
 * artist opens from the top bar, and following any link, Escape or a tap outside puts it away again. Beside that, the
 * header's avatar: loaded whenever the artist's avatar changes, the initial of their name (or the user icon) meanwhile.
 */
export const shellMachine = setup({
  types: {
    context: {} as ShellContext,
    input: {} as ShellInput,
    events: {} as ShellEvent,
    tags: {} as 'phone',
  },
  actors: {
    loadAvatar: fromPromise<string, { version: string }>(async () => {
      throw new Error('loadAvatar not provided');
    }),
  },
  actions: {
    /** Lets go of a loaded picture's address (an object URL) once it is no longer shown. */
    releaseAvatarUrl: (_, _url: string | null) => {},
  },
  guards: {
    startsWide: ({ context }) => context.wide,
    sameAvatar: ({ context, event }) => event.type === 'avatar.changed' && event.version === context.avatarVersion,
    hasAvatar: ({ event }) => event.type === 'avatar.changed' && event.version !== null,
  },
}).createMachine({
  id: 'shell',
  context: ({ input }) => ({ ...input, avatarVersion: null, avatarUrl: null }),
  type: 'parallel',
  states: {
    layout: {
      initial: 'sizing',
      states: {
        sizing: {
          description: 'Chooses the layout for the screen the app opened on, before anything is drawn.',
          always: [{ guard: 'startsWide', target: 'wide' }, { target: 'narrow' }],
        },
        wide: {
          description: 'The navigation sits beside the page.',
          on: { 'viewport.narrow': 'narrow' },
        },
        narrow: {
          description: 'A phone: the navigation is a drawer behind the menu button.',
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
    },
    avatar: {
      initial: 'none',
      on: {
        'avatar.changed': [
          { guard: 'sameAvatar' },
          { guard: 'hasAvatar', target: '.loading', actions: assign({ avatarVersion: ({ event }) => event.version }) },
          {
            target: '.none',
            actions: [
              { type: 'releaseAvatarUrl', params: ({ context }) => context.avatarUrl },
              assign({ avatarVersion: null, avatarUrl: null }),
            ],
          },
        ],
      },
      states: {
        none: { description: 'No picture: the header shows the initial of the name, or the user icon.' },
        loading: {
          description: 'The new picture is fetched; the one shown so far stays until it arrives.',
          invoke: {
            id: 'loadAvatar',
            src: 'loadAvatar',
            input: ({ context }) => ({ version: context.avatarVersion! }),
            onDone: {
              target: 'shown',
              actions: [
                { type: 'releaseAvatarUrl', params: ({ context }) => context.avatarUrl },
                assign({ avatarUrl: ({ event }) => event.output }),
              ],
            },
            // The initial stands in for a picture that cannot be loaded; the next change tries again.
            onError: {
              target: 'none',
              actions: [
                { type: 'releaseAvatarUrl', params: ({ context }) => context.avatarUrl },
                assign({ avatarVersion: null, avatarUrl: null }),
              ],
            },
          },
        },
        shown: { description: 'The avatar is in the header.' },
      },
    },
  },
});
