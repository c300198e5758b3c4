import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { journalMachine, type JournalFilter } from '../../src/machines/journal/journal.machine';
import { JOURNAL_MESSAGES, type JournalEntry, type JournalPage } from '../../src/schemas/journal.schema';
import { JOURNAL_EMPTY, JournalPage as JournalView } from '../../src/views/journal/JournalPage';
import { assertFullCoverage, controlledPromise, coveringPaths, createModel, pathName, type ModelEvent } from './harness';

type Snapshot = SnapshotFrom<typeof journalMachine>;

const entry = (n: number, extra: Partial<JournalEntry> = {}): JournalEntry => ({
  journalId: `j${n}`,
  message: `Artwork 'Study ${n}' was updated`,
  journalEntryType: 'artwork.updated',
  createdDate: new Date(Date.UTC(2026, 10, 22, 10, n)).toISOString(),
  dismissed: false,
  metadata: { artworkId: `a${n}`, changedFields: ['title', 'saleStatus'] },
  ...extra,
});
const FULL: JournalPage = { items: Array.from({ length: 10 }, (_, i) => entry(i + 1)), nextCursor: 'c1' };
const MORE: JournalPage = {
  items: [entry(11, { journalEntryType: 'artwork.new', message: "Artwork 'Study 11' was created", metadata: { artworkId: 'a11' } })],
  nextCursor: null,
};
const ONE: JournalPage = { items: [entry(1)], nextCursor: null };
/** A page whose one entry, once dismissed, leaves older entries behind the cursor. */
const ONE_OF_MORE: JournalPage = { items: [entry(1)], nextCursor: 'c1' };
const NONE: JournalPage = { items: [], nextCursor: null };

const events: Array<ModelEvent<typeof journalMachine>> = [
  { type: 'list.query', patch: { includeDismissed: true } },
  { type: 'list.query', patch: { type: 'artwork.new' } },
  { type: 'list.reset' },
  { type: 'list.retry' },
  { type: 'list.loadMore' },
  { type: 'list.act', id: 'j1' },
  { type: 'xstate.done.actor.fetchPage', output: FULL },
  { type: 'xstate.done.actor.fetchPage', output: ONE },
  { type: 'xstate.done.actor.fetchPage', output: ONE_OF_MORE },
  { type: 'xstate.done.actor.fetchPage', output: NONE },
  { type: 'xstate.error.actor.fetchPage', error: new Error('Failed to fetch journal entries') },
  { type: 'xstate.done.actor.fetchMore', output: MORE },
  { type: 'xstate.error.actor.fetchMore', error: new Error('Failed to fetch journal entries') },
  { type: 'xstate.done.actor.act' },
  { type: 'xstate.error.actor.act', error: new Error('Failed to dismiss journal entry') },
];

const serializeState = (s: Snapshot) =>
  JSON.stringify([
    s.value,
    s.context.query,
    s.context.items.length,
    s.context.received,
    s.context.items.filter((e) => e.dismissed).length,
    s.context.nextCursor,
    Boolean(s.context.error),
  ]);
const model = createModel(journalMachine, { events, serializeState });
const paths = coveringPaths(model, { minimal: true });

const cards = () =>
  within(screen.getByRole('list', { name: 'Journal entries' }))
    .queryAllByRole('listitem')
    .filter((li) => li.parentElement?.getAttribute('aria-label') === 'Journal entries');

const states = {
  loading: () => {
    expect(screen.getByRole('status')).toHaveTextContent(JOURNAL_MESSAGES.loading);
  },
  failed: () => {
    expect(screen.getByRole('alert')).toHaveTextContent(JOURNAL_MESSAGES.error);
  },
  empty: () => {
    const empty = screen.getByRole('status');
    expect(empty).toHaveTextContent(JOURNAL_MESSAGES.empty);
    // The one way forward: where the artworks (and so the entries) come from.
    expect(within(empty).getByRole('link', { name: JOURNAL_EMPTY.action })).toHaveAttribute('href', '/portfolio/artwork');
  },
  loaded: (s: Snapshot) => {
    const shown = cards();
    expect(shown).toHaveLength(s.context.items.length);
    const first = s.context.items[0];
    if (first) {
      expect(shown[0]).toHaveTextContent(first.message);
      expect(within(shown[0]).getByRole('link', { name: 'View artwork' })).toHaveAttribute(
        'href',
        `/portfolio/artwork/${first.metadata.artworkId}`,
      );
      // The updated fields read as the form names them, not as the API's keys.
      const fields = within(shown[0]).getByRole('list', { name: 'Updated fields' });
      expect(
        within(fields)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual(['Title', 'Sale status']);
    }
    // Dismissed entries carry the badge and no Dismiss button.
    for (const [i, e] of s.context.items.entries()) {
      expect(within(shown[i]).queryByText('Dismissed') !== null).toBe(e.dismissed);
      expect(within(shown[i]).queryByRole('button', { name: /Dismiss/ }) !== null).toBe(!e.dismissed);
    }
    expect(screen.getByRole('checkbox', { name: 'Show dismissed entries' })).toHaveProperty('checked', s.context.query.includeDismissed);
  },
  'loaded.idle': (s: Snapshot) => {
    // Counted on the entries the server answered: dismissing one of a full page keeps the way to older entries.
    const more = s.context.received >= 10 && s.context.nextCursor !== null;
    expect(screen.queryByRole('button', { name: 'Load more entries' }) !== null).toBe(more);
  },
  'loaded.loadingMore': () => {
    expect(screen.getByRole('button', { name: 'Loading...' })).toBeDisabled();
  },
  'loaded.acting': (s: Snapshot) => {
    expect(screen.getByRole('button', { name: 'Dismissing...' })).toBeDisabled();
    // The way to older entries stays on screen while the entry goes.
    const more = screen.queryByRole('button', { name: 'Load more entries' });
    if (s.context.received >= 10 && s.context.nextCursor !== null) expect(more).toBeDisabled();
    else expect(more).toBeNull();
  },
};

describe('journal: the Activity Journal follows the chart', () => {
  it.for(paths.map((p) => [pathName(p), p] as const))('%s', async ([, path]) => {
    const user = userEvent.setup();
    const fetchPage = controlledPromise<JournalPage, { query: JournalFilter; cursor: string | null }>('fetchPage');
    const dismiss = controlledPromise<void, { id: string }>('act');
    const toasts: string[] = [];
    const logic = journalMachine.provide({
      actors: { fetchPage: fetchPage.logic, act: dismiss.logic },
      actions: { notifyActFailed: (_, message) => void toasts.push(message) },
    });
    render(
      <Router hook={memoryLocation({ path: '/journal' }).hook}>
        <JournalView logic={logic} />
      </Router>,
    );
    const settle = (page: JournalPage) => () => act(() => fetchPage.resolve(page));
    await path.test({
      events: {
        'list.query': ({ event }) =>
          'includeDismissed' in (event as unknown as { patch: Partial<JournalFilter> }).patch
            ? user.click(screen.getByRole('checkbox', { name: 'Show dismissed entries' }))
            : user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'New Artwork'),
        'list.reset': () => user.click(screen.getByRole('button', { name: 'Reset' })),
        'list.retry': () => user.click(screen.getByRole('button', { name: 'Try again' })),
        'list.loadMore': () => user.click(screen.getByRole('button', { name: 'Load more entries' })),
        'list.act': () => user.click(within(cards()[0]).getByRole('button', { name: 'Dismiss' })),
        'xstate.done.actor.fetchPage': ({ event }) => settle((event as unknown as { output: JournalPage }).output)(),
        'xstate.error.actor.fetchPage': () => act(() => fetchPage.reject(new Error('Failed to fetch journal entries'))),
        'xstate.done.actor.fetchMore': () => act(() => fetchPage.resolve(MORE)),
        'xstate.error.actor.fetchMore': () => act(() => fetchPage.reject(new Error('Failed to fetch journal entries'))),
        'xstate.done.actor.act': () => act(() => dismiss.resolve()),
        'xstate.error.actor.act': async () => {
          await act(() => dismiss.reject(new Error('Failed to dismiss journal entry')));
          expect(toasts.at(-1)).toBe('Failed to dismiss journal entry');
        },
      },
      states,
    });
    // Each request carried the filter of its time.
    for (const call of fetchPage.calls) expect(call.query).toHaveProperty('includeDismissed');
  });

  it('dismissing an entry of a full page of 10 keeps Load more entries, which asks for the next page', async () => {
    const user = userEvent.setup();
    const fetchPage = controlledPromise<JournalPage, { query: JournalFilter; cursor: string | null }>('fetchPage');
    const dismiss = controlledPromise<void, { id: string }>('act');
    render(
      <Router hook={memoryLocation({ path: '/journal' }).hook}>
        <JournalView logic={journalMachine.provide({ actors: { fetchPage: fetchPage.logic, act: dismiss.logic } })} />
      </Router>,
    );
    await act(() => fetchPage.resolve(FULL));
    await user.click(within(cards()[0]).getByRole('button', { name: 'Dismiss' }));
    expect(screen.getByRole('button', { name: 'Load more entries' })).toBeDisabled();
    await act(() => dismiss.resolve());
    expect(cards()).toHaveLength(9);
    await user.click(screen.getByRole('button', { name: 'Load more entries' }));
    expect(fetchPage.calls.at(-1)?.cursor).toBe('c1');
  });

  it('covers every state and transition', () => {
    assertFullCoverage(journalMachine, paths, { stateTests: states, record: true });
  });
});
