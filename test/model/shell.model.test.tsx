import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { assign, createActor, createMachine, type SnapshotFrom } from 'xstate';
import { afterEach, describe, expect, it } from 'vitest';
import { shellMachine, type ShellInput } from '../../src/machines/shell/shell.machine';
import { WIDE_SCREEN_QUERY } from '../../src/theme/breakpoints';
import SignedInApp from '../../src/views/shell/SignedInApp';
import { renderWithFakeApi } from '../support/fake-api';
import { assertFullCoverage, controlledPromise, coveringPaths, createModel, pathName, type ModelEvent } from './harness';

type Snapshot = SnapshotFrom<typeof shellMachine>;

/** A screen whose width the test sets: matchMedia answers for the `md` breakpoint and tells listeners of a change. */
function fakeScreen(wide: boolean) {
  const listeners = new Set<() => void>();
  const query = {
    get matches() {
      return wide;
    },
    media: WIDE_SCREEN_QUERY,
    addEventListener: (_: 'change', listener: () => void) => listeners.add(listener),
    removeEventListener: (_: 'change', listener: () => void) => listeners.delete(listener),
  };
  window.matchMedia = ((media: string) => {
    expect(media).toBe(WIDE_SCREEN_QUERY);
    return query;
  }) as unknown as typeof window.matchMedia;
  return {
    resize(toWide: boolean) {
      wide = toWide;
      act(() => listeners.forEach((l) => l()));
    },
  };
}

const originalMatchMedia = window.matchMedia;
afterEach(() => {
  window.matchMedia = originalMatchMedia;
});

const urlOf = (version: string) => `blob:avatar-${version}`;
const events: Array<ModelEvent<typeof shellMachine>> = [
  { type: 'viewport.wide' },
  { type: 'viewport.narrow' },
  { type: 'drawer.open' },
  // Three ways to put the drawer away, each its own step in the paths.
  { type: 'drawer.close', via: 'Escape' } as never,
  { type: 'drawer.close', via: 'backdrop' } as never,
  { type: 'drawer.close', via: 'close button' } as never,
  { type: 'shell.navigated', link: 'All Collections' } as never,
  // The page already shown: no address changes, the drawer closes all the same.
  { type: 'shell.navigated', link: 'current page' } as never,
  // The artist's avatar as the session knows it: a first one, a newer one, the same again, none.
  { type: 'avatar.changed', version: 'v1' },
  { type: 'avatar.changed', version: 'v2' },
  { type: 'avatar.changed', version: null },
  // The model's picture stands for whichever version was loading (the test's server answers `urlOf(version)`).
  { type: 'xstate.done.actor.loadAvatar', output: 'loaded' },
  { type: 'xstate.error.actor.loadAvatar', error: new Error('The server cannot be reached.') },
];
const serializeState = (s: Snapshot) => JSON.stringify([s.value, s.context.avatarVersion, s.context.avatarUrl]);

const sections = () => screen.queryByRole('navigation', { name: 'Sections' });
const menuButton = () => screen.queryByRole('button', { name: 'Open navigation' });
const drawer = () => screen.queryByRole('dialog', { name: 'Artist Studio' });
const face = () => screen.getByTestId('header-avatar');
const LINKS = [
  'Home',
  'Activity Journal',
  'All Artwork',
  'All Collections',
  'Consignments',
  'Contacts',
  'Inquiries',
  'Custom domain',
  'Social Media Calendar',
];

/** The header's face: the picture loaded last, else the initials of the name. */
function expectFace(s: Snapshot) {
  const img = face().querySelector('img');
  if (s.context.avatarUrl) expect(img?.getAttribute('src')).toMatch(/^blob:avatar-v\d$/);
  else {
    expect(img).toBeNull();
    expect(face()).toHaveTextContent('BM');
  }
  // The name is said once, in the welcome line; never a stand-in for it.
  expect(screen.getByTestId('welcome')).toHaveTextContent('Welcome, Berthe Morisot');
}

const states = {
  'layout.wide': () => {
    expect(sections()).toBeVisible();
    expect(drawer()).toBeNull();
    expect(menuButton()).toBeNull();
    for (const link of LINKS) expect(within(sections()!).getByRole('link', { name: link })).toBeVisible();
  },
  'layout.narrow.drawerClosed': () => {
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    expect(drawer()).toBeNull();
    expect(sections()).toBeNull();
  },
  'layout.narrow.drawerOpen': async () => {
    await waitFor(() => expect(drawer()).toBeVisible());
    expect(drawer()).toContainElement(sections());
    for (const link of LINKS) expect(screen.getByRole('link', { name: link })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Open navigation', hidden: true })).toHaveAttribute('aria-expanded', 'true');
  },
  'avatar.none': expectFace,
  'avatar.loading': expectFace,
  'avatar.shown': (s: Snapshot) => {
    expectFace(s);
    expect(face().querySelector('img')).toHaveAttribute('src', urlOf(s.context.avatarVersion!));
  },
};

const INPUTS: ShellInput[] = [{ wide: true }, { wide: false }];
const pathsByInput = INPUTS.map((input) => coveringPaths(createModel(shellMachine, { events, serializeState, input })));

/** A session that holds Berthe Morisot and takes her avatar's changes, as the app's session does. */
const sessionMachine = createMachine({
  context: { user: { displayName: 'Berthe Morisot', avatarVersion: null as string | null } },
  on: {
    'user.updated': {
      actions: assign({ user: ({ event }) => (event as unknown as { user: { displayName: string; avatarVersion: string | null } }).user }),
    },
  },
});

/** The shell, signed in as Berthe Morisot, on a screen of the given width; and how the artist does each event. */
function renderShell(wide: boolean) {
  const user = userEvent.setup();
  const screenSize = fakeScreen(wide);
  const session = createActor(sessionMachine).start();
  const loadAvatar = controlledPromise<string, { version: string }>('loadAvatar');
  const released: string[] = [];
  const logic = shellMachine.provide({
    actors: { loadAvatar: loadAvatar.logic },
    actions: { releaseAvatarUrl: (_, url) => void (url && released.push(url)) },
  });
  const { location } = renderWithFakeApi(<SignedInApp logic={logic} />, {
    path: '/journal',
    handler: () => ({ status: 404, body: { error: 'Not found' } }),
    app: { session } as never,
  });
  const closed = async () => {
    await waitFor(() => expect(drawer()).toBeNull());
    // Focus goes back where the artist left it: the menu button.
    await waitFor(() => expect(menuButton()).toHaveFocus());
  };
  const close = async (via: string) => {
    if (via === 'Escape') await user.keyboard('{Escape}');
    // The open drawer makes the page inert (pointer-events: none), as a modal does; the tap lands on the backdrop all the same.
    else if (via === 'backdrop')
      await userEvent.setup({ pointerEventsCheck: 0 }).click(document.querySelector('[data-scope="dialog"][data-part="backdrop"]')!);
    else await user.click(screen.getByRole('button', { name: 'Close navigation' }));
    await closed();
  };
  const follow = async (link: string) => {
    const before = [...location.history];
    const current = within(drawer()!).getByRole('link', { current: 'page' });
    expect(current).toHaveAccessibleName('Activity Journal');
    await user.click(link === 'current page' ? current : within(drawer()!).getByRole('link', { name: link }));
    await closed();
    // The address stays what it was, so only the link's own click can have closed the drawer.
    if (link === 'current page') expect(location.history.at(-1)).toBe(before.at(-1));
    else expect(location.history.at(-1)).toBe('/portfolio/collections');
  };
  const open = async () => {
    await user.click(menuButton()!);
    await waitFor(() => expect(drawer()).toBeVisible());
  };
  const changeAvatar = (version: string | null) =>
    act(() => session.send({ type: 'user.updated', user: { displayName: 'Berthe Morisot', avatarVersion: version } } as never));
  const settleAvatar = async (ok: boolean) => {
    const version = loadAvatar.calls.at(-1)!.version;
    await act(async () => (ok ? loadAvatar.resolve(urlOf(version)) : loadAvatar.reject(new Error('The server cannot be reached.'))));
  };
  return { screenSize, close, follow, open, changeAvatar, settleAvatar, released };
}

INPUTS.forEach(({ wide }, i) => {
  describe(`shell opened on a ${wide ? 'wide screen' : 'phone'}`, () => {
    it.for(pathsByInput[i].map((p) => [pathName(p), p] as const))('%s', async ([, path]) => {
      const shell = renderShell(wide);
      await path.test({
        events: {
          'viewport.wide': () => shell.screenSize.resize(true),
          'viewport.narrow': () => shell.screenSize.resize(false),
          'drawer.open': () => shell.open(),
          'drawer.close': ({ event }: { event: unknown }) => shell.close((event as unknown as { via: string }).via),
          'shell.navigated': ({ event }: { event: unknown }) => shell.follow((event as unknown as { link: string }).link),
          'avatar.changed': ({ event }: { event: unknown }) => shell.changeAvatar((event as { version: string | null }).version),
          'xstate.done.actor.loadAvatar': () => shell.settleAvatar(true),
          'xstate.error.actor.loadAvatar': () => shell.settleAvatar(false),
        } as never,
        states,
      });
    });
  });
});

describe('shell on a phone: every way out of the drawer', () => {
  it.for(['Escape', 'backdrop', 'close button'])('%s closes it and gives focus back to the menu button', async (via) => {
    const shell = renderShell(false);
    await shell.open();
    await states['layout.narrow.drawerOpen']();
    await shell.close(via);
    states['layout.narrow.drawerClosed']();
  });

  it.for(['All Collections', 'current page'])('following %s closes it', async (link) => {
    const shell = renderShell(false);
    await shell.open();
    await shell.follow(link);
    states['layout.narrow.drawerClosed']();
  });

  it('an open drawer goes away when the screen widens, and the side navigation is back beside the page', async () => {
    const shell = renderShell(false);
    await shell.open();
    shell.screenSize.resize(true);
    await waitFor(() => expect(drawer()).toBeNull());
    states['layout.wide']();
  });
});

describe('where the artist is', () => {
  it('on an editor, the page it belongs to is marked as the way back (aria-current true), and no link as the page', async () => {
    fakeScreen(true);
    const session = createActor(sessionMachine).start();
    renderWithFakeApi(
      <SignedInApp logic={shellMachine.provide({ actors: { loadAvatar: controlledPromise<string, { version: string }>().logic } })} />,
      {
        path: '/portfolio/collections/new',
        handler: () => ({ status: 404, body: { error: 'Not found' } }),
        app: { session } as never,
      },
    );
    const nav = await screen.findByRole('navigation', { name: 'Sections' });
    expect(within(nav).getByRole('link', { current: true })).toHaveAccessibleName('All Collections');
    expect(within(nav).queryByRole('link', { current: 'page' })).toBeNull();
    // Each section is a list named for it.
    for (const name of ['Home', 'Portfolio', 'Social Media', 'Profile'])
      expect(within(nav).getByRole('list', { name })).toBeInTheDocument();
  });
});

describe('the header avatar', () => {
  it('a newer picture replaces the one shown, whose object URL is then let go; none goes back to the initials', async () => {
    const shell = renderShell(true);
    await shell.changeAvatar('v1');
    await shell.settleAvatar(true);
    await waitFor(() => expect(face().querySelector('img')).toHaveAttribute('src', urlOf('v1')));
    await shell.changeAvatar('v2');
    // While the new one loads, the old one stays.
    expect(face().querySelector('img')).toHaveAttribute('src', urlOf('v1'));
    await shell.settleAvatar(true);
    await waitFor(() => expect(face().querySelector('img')).toHaveAttribute('src', urlOf('v2')));
    expect(shell.released).toEqual([urlOf('v1')]);
    await shell.changeAvatar(null);
    await waitFor(() => expect(face()).toHaveTextContent('BM'));
    expect(shell.released).toEqual([urlOf('v1'), urlOf('v2')]);
  });
});

describe('shell model coverage', () => {
  it('the two starts together cover every state and transition, each state asserted', () => {
    assertFullCoverage(shellMachine, pathsByInput.flat(), { stateTests: states, inputs: INPUTS, record: true });
  });
});
