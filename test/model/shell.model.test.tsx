import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createActor, createMachine, type SnapshotFrom } from 'xstate';
import { afterEach, describe, expect, it } from 'vitest';
import { shellMachine, type ShellInput } from '../../src/machines/shell/shell.machine';
import { WIDE_SCREEN_QUERY } from '../../src/theme/breakpoints';
import SignedInApp from '../../src/views/shell/SignedInApp';
import { renderWithFakeApi } from '../support/fake-api';
import { assertFullCoverage, coveringPaths, createModel, pathName, type ModelEvent } from './harness';

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
];
const serializeState = (s: Snapshot) => JSON.stringify(s.value);

const sections = () => screen.queryByRole('navigation', { name: 'Sections' });
const menuButton = () => screen.queryByRole('button', { name: 'Open navigation' });
const drawer = () => screen.queryByRole('dialog', { name: 'Artist Studio' });

const states = {
  wide: () => {
    expect(sections()).toBeVisible();
    expect(drawer()).toBeNull();
    expect(menuButton()).toBeNull();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeVisible();
  },
  'narrow.drawerClosed': () => {
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    expect(drawer()).toBeNull();
    expect(sections()).toBeNull();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeVisible();
  },
  'narrow.drawerOpen': async () => {
    await waitFor(() => expect(drawer()).toBeVisible());
    expect(drawer()).toContainElement(sections());
    for (const link of ['All Artwork', 'All Collections', 'Social Media Calendar', 'Social Media Accounts'])
      expect(screen.getByRole('link', { name: link })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Open navigation', hidden: true })).toHaveAttribute('aria-expanded', 'true');
  },
};

const INPUTS: ShellInput[] = [{ wide: true }, { wide: false }];
const pathsByInput = INPUTS.map((input) => coveringPaths(createModel(shellMachine, { events, serializeState, input })));

/** The shell, signed in as Berthe Morisot, on a screen of the given width; and how the artist does each event. */
function renderShell(wide: boolean) {
  const user = userEvent.setup();
  const screenSize = fakeScreen(wide);
  const session = createActor(createMachine({ context: { user: { displayName: 'Berthe Morisot' } } })).start();
  const { location } = renderWithFakeApi(<SignedInApp />, {
    path: '/portfolio/collections/new',
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
  return { screenSize, close, follow, open };
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
    await states['narrow.drawerOpen']();
    await shell.close(via);
    states['narrow.drawerClosed']();
  });

  it.for(['All Collections', 'current page'])('following %s closes it', async (link) => {
    const shell = renderShell(false);
    await shell.open();
    await shell.follow(link);
    states['narrow.drawerClosed']();
  });

  it('an open drawer goes away when the screen widens, and the side navigation is back beside the page', async () => {
    const shell = renderShell(false);
    await shell.open();
    shell.screenSize.resize(true);
    await waitFor(() => expect(drawer()).toBeNull());
    states.wide();
  });
});

describe('shell model coverage', () => {
  it('the two starts together cover every state and transition, each state asserted', () => {
    assertFullCoverage(shellMachine, pathsByInput.flat(), { stateTests: states, inputs: INPUTS, record: true });
  });
});
