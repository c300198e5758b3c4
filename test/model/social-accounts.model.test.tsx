import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { format } from 'date-fns';
import type { SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { accountName, disconnectedMessage, socialAccountsMachine } from '../../src/machines/social-accounts/social-accounts.machine';
import type { Notice } from '../../src/machines/toasts/notice';
import { DATE_FORMAT, SOCIAL_MESSAGES, type AccountRef, type SocialAccount } from '../../src/schemas/social.schema';
import { SocialAccountsPage } from '../../src/views/social-accounts/SocialAccountsPage';
import { ACCOUNTS_TEXT, CONNECT_BLUESKY_PATH } from '../../src/views/social-accounts/accounts-text';
import { assertFullCoverage, controlledPromise, coveringPaths, createModel, pathName, type ModelEvent } from './harness';

type Snapshot = SnapshotFrom<typeof socialAccountsMachine>;

const account = (handle: string, service: string | null = 'https://bsky.social'): SocialAccount => ({
  platform: 'bluesky',
  handle,
  service,
  connectedAt: '2026-11-02T12:00:00.000Z',
});
const ALICE = account('alice.bsky.social');
const BOB = account('bob.example.com', 'https://pds.example.com');
const TWO = [ALICE, BOB];
const ONE = [ALICE];
const REFUSED = 'Account not found.';

type Event = ModelEvent<typeof socialAccountsMachine>;
const FIXED: Event[] = [
  { type: 'xstate.done.actor.loadAccounts', output: TWO },
  { type: 'xstate.done.actor.loadAccounts', output: ONE },
  { type: 'xstate.done.actor.loadAccounts', output: [] },
  { type: 'xstate.error.actor.loadAccounts', error: new Error('Failed to fetch social media accounts') },
  { type: 'accounts.retry' },
  { type: 'accounts.cancelDisconnect' },
  { type: 'accounts.confirmDisconnect' },
  { type: 'xstate.done.actor.disconnect' },
  { type: 'xstate.error.actor.disconnect', error: new Error(REFUSED) },
];
// Disconnect is offered on the first account shown.
const events = (s: Snapshot): Event[] => [
  ...FIXED,
  ...s.context.accounts
    .slice(0, 1)
    .map((a): Event => ({ type: 'accounts.disconnect', account: { platform: a.platform, handle: a.handle } })),
];
// The handles, not their count: one account left after a disconnect is not the one account loaded.
const serializeState = (s: Snapshot) =>
  JSON.stringify([s.value, s.context.accounts.map((a) => a.handle), s.context.pending, s.context.disconnectError]);
const model = createModel(socialAccountsMachine, { events, serializeState });
const paths = coveringPaths(model);

// While the dialog is open the page is hidden from assistive tech: `hidden` finds it all the same.
const cards = () => within(screen.getByRole('list', { name: ACCOUNTS_TEXT.list, hidden: true })).getAllByRole('listitem', { hidden: true });
const disconnectName = (a: AccountRef) => `${ACCOUNTS_TEXT.disconnect} ${accountName(a)}`;

const states = {
  loading: () => {
    expect(screen.getByRole('status')).toHaveTextContent(ACCOUNTS_TEXT.loading);
    expect(screen.queryByRole('list', { name: ACCOUNTS_TEXT.list })).toBeNull();
  },
  failed: () => {
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(SOCIAL_MESSAGES.accountsError);
    expect(alert).toHaveAttribute('data-status', 'danger');
    expect(within(alert).getByRole('button', { name: ACCOUNTS_TEXT.retry })).toBeEnabled();
    expect(screen.queryByRole('list', { name: ACCOUNTS_TEXT.list })).toBeNull();
  },
  empty: () => {
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent(ACCOUNTS_TEXT.empty);
    expect(within(status).getByRole('link', { name: ACCOUNTS_TEXT.emptyLink })).toHaveAttribute('href', CONNECT_BLUESKY_PATH);
    expect(screen.queryByRole('list', { name: ACCOUNTS_TEXT.list })).toBeNull();
  },
  ready: (s: Snapshot) => {
    const shown = cards();
    expect(shown).toHaveLength(s.context.accounts.length);
    s.context.accounts.forEach((a, i) => {
      expect(shown[i]).toHaveTextContent('Bluesky');
      expect(within(shown[i]).getByRole('link', { name: `@${a.handle}`, hidden: true })).toHaveAttribute(
        'href',
        `/social-media/account/${a.handle}`,
      );
      expect(shown[i]).toHaveTextContent(`Server${a.service}`);
      // The day it was connected, in the artist's (the browser's) time zone.
      expect(shown[i]).toHaveTextContent(`Connected${format(new Date(a.connectedAt), DATE_FORMAT)}`);
    });
    const error = screen.queryByRole('alert', { hidden: true });
    if (s.context.disconnectError) expect(error).toHaveTextContent(new RegExp(`^Could not disconnect Bluesky @[a-z.]+: ${REFUSED}$`));
    else expect(error).toBeNull();
  },
  'ready.idle': async (s: Snapshot) => {
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    for (const a of s.context.accounts) expect(screen.getByRole('button', { name: disconnectName(a) })).toBeEnabled();
  },
  'ready.confirming': async (s: Snapshot) => {
    const dialog = await screen.findByRole('alertdialog', { name: ACCOUNTS_TEXT.dialogTitle });
    expect(dialog).toHaveAccessibleDescription(ACCOUNTS_TEXT.confirm(s.context.pending!));
    expect(within(dialog).getByRole('button', { name: ACCOUNTS_TEXT.disconnect })).toBeEnabled();
    // Focus moves into the dialog (jsdom has no layout, so the focus trap cannot pick Cancel as the browser does).
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
  },
  'ready.disconnecting': (s: Snapshot) => {
    const dialog = screen.getByRole('alertdialog');
    expect(within(dialog).getByRole('button', { name: ACCOUNTS_TEXT.disconnecting })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(screen.getByRole('button', { name: disconnectName(s.context.pending!), hidden: true })).toBeDisabled();
  },
};

describe('social accounts: the Accounts page follows the chart', () => {
  it('New Social Media Account offers Bluesky, Facebook and Instagram, each a link to its connect screen', async () => {
    const user = userEvent.setup();
    render(
      <Router hook={memoryLocation({ path: '/social-media/accounts' }).hook}>
        <SocialAccountsPage
          logic={socialAccountsMachine.provide({ actors: { loadAccounts: controlledPromise<SocialAccount[], void>().logic } })}
        />
      </Router>,
    );
    await user.click(screen.getByRole('button', { name: 'New Social Media Account' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((i) => [i.textContent, i.getAttribute('href')])).toEqual([
      ['Bluesky', CONNECT_BLUESKY_PATH],
      ['Facebook', '/social-media/accounts/connect/facebook'],
      ['Instagram', '/social-media/accounts/connect/instagram'],
    ]);
  });

  it.for(paths.map((p) => [pathName(p), p] as const))('%s', async ([, path]) => {
    const user = userEvent.setup();
    const loadAccounts = controlledPromise<SocialAccount[], void>('loadAccounts');
    const disconnect = controlledPromise<void, AccountRef>('disconnect');
    const notices: Notice[] = [];
    const logged: unknown[] = [];
    const logic = socialAccountsMachine.provide({
      actors: { loadAccounts: loadAccounts.logic, disconnect: disconnect.logic },
      actions: { notify: (_, notice) => void notices.push(notice), logFailure: (_, { error }) => void logged.push(error) },
    });
    render(
      <Router hook={memoryLocation({ path: '/social-media/accounts' }).hook}>
        <SocialAccountsPage logic={logic} />
      </Router>,
    );
    expect(screen.getByRole('heading', { level: 1, name: ACCOUNTS_TEXT.title })).toBeInTheDocument();
    // Connecting is done from here: the New Social Media Account menu names each platform's connect screen.
    expect(screen.getByRole('button', { name: ACCOUNTS_TEXT.connect })).toBeEnabled();

    await path.test({
      events: {
        'xstate.done.actor.loadAccounts': ({ event }) =>
          act(() => loadAccounts.resolve((event as unknown as { output: SocialAccount[] }).output)),
        'xstate.error.actor.loadAccounts': async () => {
          const error = new Error('Failed to fetch social media accounts');
          await act(() => loadAccounts.reject(error));
          expect(logged.at(-1)).toBe(error);
        },
        'accounts.retry': () => user.click(screen.getByRole('button', { name: ACCOUNTS_TEXT.retry })),
        'accounts.disconnect': ({ event }) =>
          user.click(
            screen.getByRole('button', { name: disconnectName((event as Extract<Event, { type: 'accounts.disconnect' }>).account) }),
          ),
        'accounts.cancelDisconnect': () => user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel' })),
        'accounts.confirmDisconnect': () =>
          user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: ACCOUNTS_TEXT.disconnect })),
        'xstate.done.actor.disconnect': async () => {
          // Only the account's reference is sent.
          const sent = disconnect.calls.at(-1)!;
          expect(Object.keys(sent).sort()).toEqual(['handle', 'platform']);
          await act(() => disconnect.resolve());
          expect(notices.at(-1)).toEqual({ title: disconnectedMessage(sent), toastType: 'success' });
        },
        'xstate.error.actor.disconnect': async () => {
          const told = notices.length;
          await act(() => disconnect.reject(new Error(REFUSED)));
          // No toast: the message stays on the page, beside the account.
          expect(notices).toHaveLength(told);
          expect((logged.at(-1) as Error).message).toBe(REFUSED);
        },
      },
      states,
    });
  });

  it('covers every state and transition', () => {
    assertFullCoverage(socialAccountsMachine, paths, { stateTests: states, record: true });
  });
});
