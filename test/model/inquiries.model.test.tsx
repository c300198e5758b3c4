import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fromPromise, type SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { inquiriesMachine } from '../../src/machines/inquiries/inquiries.machine';
import { inquiryContactMachine } from '../../src/machines/inquiries/inquiry-contact.machine';
import type { Contact } from '../../src/schemas/contact.schema';
import { INQUIRY_MESSAGES, type Inquiry, type InquiryPage } from '../../src/schemas/inquiry.schema';
import { InquiriesPage } from '../../src/views/inquiries/InquiriesPage';
import { assertFullCoverage, controlledPromise, coveringPaths, createModel, pathName, type ModelEvent } from './harness';

type Snapshot = SnapshotFrom<typeof inquiriesMachine>;

const inquiry = (n: number, extra: Partial<Inquiry> = {}): Inquiry => ({
  inquiryId: `q${n}`,
  artworkId: `a${n}`,
  artworkTitle: `Study ${n}`,
  name: `Buyer ${n}`,
  email: `buyer${n}@example.com`,
  message: `Is Study ${n} still available?`,
  createdDate: new Date(Date.UTC(2026, 10, 22, 10, 60 - n)).toISOString(),
  mailed: true,
  read: false,
  ...extra,
});
/** The first one's mail has not gone out yet; another one waits behind the cursor. */
const FIRST: InquiryPage = {
  items: [inquiry(1, { mailed: false }), inquiry(2, { read: true, artworkId: null })],
  nextCursor: 'c1',
  unreadCount: 2,
};
const ALL: InquiryPage = { items: [inquiry(1)], nextCursor: null, unreadCount: 1 };
const MORE: InquiryPage = { items: [inquiry(3)], nextCursor: null, unreadCount: 2 };
const NONE: InquiryPage = { items: [], nextCursor: null, unreadCount: 0 };

const events: Array<ModelEvent<typeof inquiriesMachine>> = [
  { type: 'list.retry' },
  { type: 'list.loadMore' },
  { type: 'list.act', id: 'q1' },
  { type: 'xstate.done.actor.fetchPage', output: FIRST },
  { type: 'xstate.done.actor.fetchPage', output: ALL },
  { type: 'xstate.done.actor.fetchPage', output: NONE },
  { type: 'xstate.error.actor.fetchPage', error: new Error('The server cannot be reached.') },
  { type: 'xstate.done.actor.fetchMore', output: MORE },
  { type: 'xstate.error.actor.fetchMore', error: new Error('The server cannot be reached.') },
  { type: 'xstate.done.actor.act', output: inquiry(1, { read: true }) },
  { type: 'xstate.error.actor.act', error: new Error('Inquiry not found.') },
];

const serializeState = (s: Snapshot) =>
  JSON.stringify([
    s.value,
    s.context.items.map((i) => `${i.inquiryId}${i.read ? 'r' : ''}`),
    s.context.nextCursor,
    Boolean(s.context.error),
  ]);
const model = createModel(inquiriesMachine, { events, serializeState });
const paths = coveringPaths(model, { minimal: true });

/** The contact buttons' chart, its contacts never read: this test is about the inquiries' own chart. */
const waitingContacts = inquiryContactMachine.provide({ actors: { loadContacts: fromPromise<Contact[]>(() => new Promise(() => {})) } });

const cards = () =>
  within(screen.getByRole('list', { name: 'Inquiries' }))
    .queryAllByRole('article')
    .map((a) => a);

const states = {
  loading: () => {
    expect(screen.getByRole('status')).toHaveTextContent(INQUIRY_MESSAGES.loading);
  },
  failed: () => {
    expect(screen.getByRole('alert')).toHaveTextContent(INQUIRY_MESSAGES.error);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
  },
  empty: () => {
    const empty = screen.getByRole('status');
    expect(empty).toHaveTextContent(INQUIRY_MESSAGES.empty);
    expect(within(empty).getByRole('link', { name: INQUIRY_MESSAGES.emptyAction })).toHaveAttribute('href', '/');
  },
  loaded: (s: Snapshot) => {
    const shown = cards();
    expect(shown).toHaveLength(s.context.items.length);
    for (const [i, q] of s.context.items.entries()) {
      const card = within(shown[i]);
      expect(card.getByRole('heading', { name: q.artworkTitle })).toBeInTheDocument();
      expect(card.getByRole('link', { name: q.email })).toHaveAttribute('href', `mailto:${q.email}`);
      expect(shown[i]).toHaveTextContent(q.message);
      expect(shown[i]).toHaveTextContent(`From ${q.name}`);
      // The artwork links to its editor while it exists; a deleted one keeps its title alone.
      expect(card.queryByRole('link', { name: q.artworkTitle }) !== null).toBe(q.artworkId !== null);
      expect(card.queryByText(INQUIRY_MESSAGES.notMailed) !== null).toBe(!q.mailed);
      expect(card.queryByText('Unread') !== null).toBe(!q.read);
      // Its contact waits for the contacts to be read (inquiry-contact.model.test.tsx drives it).
      expect(card.getByRole('button', { name: `Save as contact: ${q.name}` })).toBeDisabled();
    }
    expect(screen.getByTestId('unread-count')).toHaveTextContent(`${s.context.summary} unread`);
  },
  'loaded.idle': (s: Snapshot) => {
    expect(screen.queryByRole('button', { name: 'Load more inquiries' }) !== null).toBe(s.context.nextCursor !== null);
    for (const b of screen.queryAllByRole('button', { name: /^Mark as read/ })) expect(b).toBeEnabled();
    expect(screen.queryByRole('alert') !== null).toBe(s.context.error !== null);
  },
  'loaded.loadingMore': () => {
    expect(screen.getByRole('button', { name: 'Loading...' })).toBeDisabled();
  },
  'loaded.acting': () => {
    expect(screen.getByRole('button', { name: 'Marking...' })).toBeDisabled();
  },
};

describe('inquiries: the artist reads what buyers wrote, as the chart says', () => {
  it.for(paths.map((p) => [pathName(p), p] as const))('%s', async ([, path]) => {
    const user = userEvent.setup();
    const fetchPage = controlledPromise<InquiryPage, { query: object; cursor: string | null }>('fetchPage');
    const markRead = controlledPromise<Inquiry, { id: string }>('act');
    const toasts: string[] = [];
    const logic = inquiriesMachine.provide({
      actors: { fetchPage: fetchPage.logic, act: markRead.logic },
      actions: { notifyActFailed: (_, message) => void toasts.push(message) },
    });
    render(
      <Router hook={memoryLocation({ path: '/portfolio/inquiries' }).hook}>
        <InquiriesPage logic={logic} contactLogic={waitingContacts} />
      </Router>,
    );
    await path.test({
      events: {
        'list.retry': () => user.click(screen.getByRole('button', { name: 'Try again' })),
        'list.loadMore': () => user.click(screen.getByRole('button', { name: 'Load more inquiries' })),
        'list.act': () => user.click(screen.getByRole('button', { name: 'Mark as read: inquiry from Buyer 1' })),
        'xstate.done.actor.fetchPage': ({ event }) => act(() => fetchPage.resolve((event as unknown as { output: InquiryPage }).output)),
        'xstate.error.actor.fetchPage': () => act(() => fetchPage.reject(new Error('The server cannot be reached.'))),
        'xstate.done.actor.fetchMore': async () => {
          await act(() => fetchPage.resolve(MORE));
          expect(fetchPage.calls.at(-1)?.cursor).toBe('c1');
        },
        'xstate.error.actor.fetchMore': () => act(() => fetchPage.reject(new Error('The server cannot be reached.'))),
        'xstate.done.actor.act': async () => {
          await act(() => markRead.resolve(inquiry(1, { read: true })));
          expect(markRead.calls.at(-1)?.id).toBe('q1');
        },
        'xstate.error.actor.act': async () => {
          await act(() => markRead.reject(new Error('Inquiry not found.')));
          expect(toasts.at(-1)).toBe('Inquiry not found.');
        },
      },
      states,
    });
  });

  it('covers every state and transition', () => {
    assertFullCoverage(inquiriesMachine, paths, { stateTests: states, record: true });
  });
});
