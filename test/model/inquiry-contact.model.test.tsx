import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { inquiriesMachine } from '../../src/machines/inquiries/inquiries.machine';
import { inquiryContactMachine } from '../../src/machines/inquiries/inquiry-contact.machine';
import type { Contact } from '../../src/schemas/contact.schema';
import type { Inquiry, InquiryPage } from '../../src/schemas/inquiry.schema';
import { InquiriesPage } from '../../src/views/inquiries/InquiriesPage';
import { assertFullCoverage, controlledPromise, coveringPaths, createModel, pathName, type ModelEvent } from './harness';

type Snapshot = SnapshotFrom<typeof inquiryContactMachine>;

const inquiry = (n: number, email: string): Inquiry => ({
  inquiryId: `q${n}`,
  artworkId: `a${n}`,
  artworkTitle: `Study ${n}`,
  name: `Buyer ${n}`,
  email,
  message: `Is Study ${n} still available?`,
  createdDate: '2026-11-22T10:00:00.000Z',
  mailed: true,
  read: true,
});
/** Buyer 1 wrote from an address a contact has already (in another case); Buyer 2 is new. */
const PAGE: InquiryPage = { items: [inquiry(1, 'Ada@Example.com'), inquiry(2, 'new@example.com')], nextCursor: null, unreadCount: 0 };
const contact = (n: number, email: string): Contact => ({
  contactId: `k${n}`,
  name: `Buyer ${n}`,
  email,
  phone: '',
  address: '',
  kind: 'collector',
  notes: '',
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
});
const ADA = contact(1, 'ada@example.com');

const events: Array<ModelEvent<typeof inquiryContactMachine>> = [
  { type: 'xstate.done.actor.loadContacts', output: [ADA] },
  { type: 'xstate.error.actor.loadContacts', error: new Error('The server cannot be reached.') },
  { type: 'contact.open', inquiryId: 'q1' },
  { type: 'contact.open', inquiryId: 'q2' },
  { type: 'xstate.done.actor.contactFromInquiry', output: { contact: ADA, created: false } },
  { type: 'xstate.done.actor.contactFromInquiry', output: { contact: contact(2, 'new@example.com'), created: true } },
  { type: 'xstate.error.actor.contactFromInquiry', error: new Error('Inquiry not found.') },
];
const serializeState = (s: Snapshot) => JSON.stringify([s.value, s.context.known, s.context.openingId]);
const model = createModel(inquiryContactMachine, { events, serializeState });
const paths = coveringPaths(model, { minimal: true });

const button = (name: string) => screen.getByRole('button', { name: new RegExp(`: ${name}$`) });
const label = (s: Snapshot, n: number) =>
  s.context.known.includes(PAGE.items[n - 1].email.toLowerCase()) ? 'Open contact' : 'Save as contact';

const states = {
  loading: () => {
    expect(button('Buyer 1')).toBeDisabled();
    expect(button('Buyer 2')).toHaveAccessibleName('Save as contact: Buyer 2');
  },
  ready: (s: Snapshot) => {
    for (const n of [1, 2]) {
      expect(button(`Buyer ${n}`)).toBeEnabled();
      expect(button(`Buyer ${n}`)).toHaveAccessibleName(`${label(s, n)}: Buyer ${n}`);
    }
  },
  opening: (s: Snapshot) => {
    expect(screen.getByRole('button', { name: 'Opening...' })).toBeDisabled();
    const other = s.context.openingId === 'q1' ? 2 : 1;
    expect(button(`Buyer ${other}`)).toBeDisabled();
  },
  opened: () => {
    expect(screen.getByRole('button', { name: 'Opening...' })).toBeDisabled();
  },
};

describe("inquiry contact: an inquiry's sender becomes a contact, or opens theirs, as the chart says", () => {
  it.for(paths.map((p) => [pathName(p), p] as const))('%s', async ([, path]) => {
    const user = userEvent.setup();
    const fetchPage = controlledPromise<InquiryPage, { query: object; cursor: string | null }>('fetchPage');
    const load = controlledPromise<Contact[]>('loadContacts');
    const fromInquiry = controlledPromise<{ contact: Contact; created: boolean }, string>('contactFromInquiry');
    const toasts: string[] = [];
    const opened: string[] = [];
    const contactLogic = inquiryContactMachine.provide({
      actors: { loadContacts: load.logic, contactFromInquiry: fromInquiry.logic },
      actions: {
        notifySaved: () => void toasts.push('Contact saved'),
        notifyFailed: (_, message) => void toasts.push(message),
        openContact: (_, contactId) => void opened.push(contactId),
      },
    });
    render(
      <Router hook={memoryLocation({ path: '/portfolio/inquiries' }).hook}>
        <InquiriesPage logic={inquiriesMachine.provide({ actors: { fetchPage: fetchPage.logic } })} contactLogic={contactLogic} />
      </Router>,
    );
    await act(() => fetchPage.resolve(PAGE));
    await path.test({
      events: {
        'xstate.done.actor.loadContacts': () => act(() => load.resolve([ADA])),
        'xstate.error.actor.loadContacts': () => act(() => load.reject(new Error('The server cannot be reached.'))),
        'contact.open': async ({ event }) => {
          const n = (event as unknown as { inquiryId: string }).inquiryId.slice(1);
          await user.click(button(`Buyer ${n}`));
          expect(fromInquiry.calls.at(-1)).toBe(`q${n}`);
        },
        'xstate.done.actor.contactFromInquiry': async ({ event }) => {
          const output = (event as unknown as { output: { contact: Contact; created: boolean } }).output;
          const before = toasts.length;
          await act(() => fromInquiry.resolve(output));
          expect(opened.at(-1)).toBe(output.contact.contactId);
          expect(toasts.length - before).toBe(output.created ? 1 : 0);
        },
        'xstate.error.actor.contactFromInquiry': async () => {
          await act(() => fromInquiry.reject(new Error('Inquiry not found.')));
          expect(toasts.at(-1)).toBe('Inquiry not found.');
          expect(opened).toEqual([]);
        },
      },
      states,
    });
  });

  it('covers every state and transition', () => {
    assertFullCoverage(inquiryContactMachine, paths, { stateTests: states, record: true });
  });
});
