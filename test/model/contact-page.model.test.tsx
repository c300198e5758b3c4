import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { contactPageMachine } from '../../src/machines/contacts/contact-page.machine';
import type { ContactDetail } from '../../src/schemas/contact-detail.schema';
import { CONTACT_MESSAGES, type Contact, type ContactInput } from '../../src/schemas/contact.schema';
import type { Sale } from '../../src/schemas/sale.schema';
import { ServiceError } from '../../src/services/api-error';
import { ContactPage } from '../../src/views/contacts/ContactPage';
import { assertFullCoverage, controlledPromise, coveringPaths, createModel, pathName, type ModelEvent } from './harness';

type Snapshot = SnapshotFrom<typeof contactPageMachine>;
type Event = ModelEvent<typeof contactPageMachine>;
const FAILURE = 'The server cannot be reached.';
const NAMED = 'This contact is named by 2 sales; they keep their buyer.';
const BAD_EMAIL = new ServiceError('Invalid input', 400, 'VALIDATION', { email: ['Enter a valid email address'] });

const ANNA: Contact = {
  contactId: 'k1',
  name: 'Anna Weber',
  email: 'anna@example.com',
  phone: '+49 30 1234',
  address: 'Linienstr. 1\nBerlin',
  kind: 'collector',
  notes: '',
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
};
const sale = (n: number, extra: Partial<Sale> = {}): Sale => ({
  saleId: `s${n}`,
  artworkId: `a${n}`,
  artworkTitle: `Study ${n}`,
  pieceId: `p${n}`,
  copy: null,
  buyer: { contactId: 'k1', name: 'Anna Weber' },
  consignmentId: null,
  date: '2026-10-02',
  price: { amount: 150000, currency: 'EUR' },
  discount: 0,
  commissionPercent: 0,
  commission: 0,
  tax: 0,
  net: 150000,
  invoiceNumber: '',
  note: '',
  returnedOn: null,
  createdAt: '2026-10-02T10:00:00.000Z',
  ...extra,
});
const DETAIL: ContactDetail = {
  contact: ANNA,
  purchases: [sale(1), sale(2, { copy: '3/25', date: '2026-09-01', returnedOn: '2026-09-15', net: 120000 })],
  consignments: [],
  holds: [{ artworkId: 'a3', title: 'Study 3', copy: null, until: '2026-12-24' }],
  inquiries: [
    {
      inquiryId: 'q1',
      artworkId: 'a4',
      artworkTitle: 'Study 4',
      name: 'Anna',
      email: 'anna@example.com',
      message: `Is it still available? ${'Long words. '.repeat(20)}`,
      createdDate: '2026-08-01T09:00:00.000Z',
      mailed: true,
      read: true,
    },
  ],
};

const events = (s: Snapshot): Event[] => {
  if (s.matches('loading'))
    return [
      { type: 'xstate.done.actor.loadContact', output: DETAIL },
      { type: 'xstate.error.actor.loadContact', error: new ServiceError('Contact not found.', 404) },
      { type: 'xstate.error.actor.loadContact', error: new Error(FAILURE) },
    ];
  if (s.matches('failed')) return [{ type: 'page.retry' }];
  if (s.matches('viewing')) return [{ type: 'contact.edit' }, { type: 'contact.delete' }];
  if (s.matches('editing')) {
    const { name } = s.context.form.values;
    return [
      ...(name === 'Anna Weber' ? [{ type: 'form.change', field: 'name', value: '' } as const] : []),
      ...(name === '' ? [{ type: 'form.change', field: 'name', value: 'Anna Maria Weber' } as const] : []),
      { type: 'form.submit' },
      { type: 'form.cancel' },
    ];
  }
  if (s.matches('saving'))
    return [
      { type: 'xstate.done.actor.updateContact', output: { ...ANNA, name: s.context.form.values.name } },
      { type: 'xstate.error.actor.updateContact', error: BAD_EMAIL },
    ];
  if (s.matches('confirmingDelete')) return [{ type: 'delete.confirm' }, { type: 'delete.cancel' }];
  if (s.matches('deleting'))
    return [
      { type: 'xstate.done.actor.deleteContact' },
      { type: 'xstate.error.actor.deleteContact', error: new ServiceError(NAMED, 409, 'CONFLICT') },
    ];
  return [];
};
const serializeState = (s: Snapshot) =>
  JSON.stringify([
    s.value,
    s.context.detail?.contact.name,
    s.context.form.values.name,
    s.context.form.submitted,
    Object.keys(s.context.form.errors),
    s.context.error,
  ]);
const model = createModel(contactPageMachine, { events, serializeState, input: { contactId: 'k1' } });
const paths = coveringPaths(model, { minimal: true });

const heading = (s: Snapshot) => {
  expect(screen.getByRole('heading', { level: 1, name: s.context.detail!.contact.name })).toBeInTheDocument();
};
const showsSections = () => {
  const purchases = within(screen.getByRole('region', { name: 'Purchases' }));
  expect(purchases.getByRole('link', { name: 'Study 1' })).toHaveAttribute('href', '/portfolio/artwork/a1?tab=inventory');
  expect(purchases.getByText('2 Oct 2026 · EUR 1,500.00 · net EUR 1,500.00')).toBeInTheDocument();
  expect(purchases.getByRole('link', { name: 'Study 2 (3/25)' })).toBeInTheDocument();
  expect(purchases.getByText('1 Sep 2026 · EUR 1,500.00 · net EUR 1,200.00')).toBeInTheDocument();
  expect(purchases.getByText('Returned on 15 Sep 2026')).toBeInTheDocument();
  expect(purchases.getAllByText(/^Returned/)).toHaveLength(1);
  expect(within(screen.getByRole('region', { name: 'Consignments' })).getByText('No consignments.')).toBeInTheDocument();
  const holds = within(screen.getByRole('region', { name: 'Holds' }));
  expect(holds.getByRole('link', { name: 'Study 3' })).toHaveAttribute('href', '/portfolio/artwork/a3?tab=inventory');
  expect(holds.getByText('Held until 24 Dec 2026')).toBeInTheDocument();
  const inquiries = within(screen.getByRole('region', { name: 'Inquiries' }));
  expect(inquiries.getByRole('link', { name: 'Study 4' })).toBeInTheDocument();
  expect(inquiries.getByText(/^Is it still available\? Long words\./)).toHaveTextContent(/…$/);
};
const showsDetails = (s: Snapshot) => {
  heading(s);
  const details = within(screen.getByRole('region', { name: 'Details' }));
  expect(details.getByRole('link', { name: 'anna@example.com' })).toHaveAttribute('href', 'mailto:anna@example.com');
  expect(details.getByText('Collector')).toBeInTheDocument();
  expect(details.queryByRole('alert')?.textContent ?? null).toBe(
    s.context.error ? `${CONTACT_MESSAGES.deleteFailed}: ${s.context.error}` : null,
  );
  showsSections();
};
const showsForm = (s: Snapshot) => {
  heading(s);
  const details = within(screen.getByRole('region', { name: 'Details' }));
  expect(details.getByRole('textbox', { name: 'Name' })).toHaveValue(s.context.form.values.name);
  expect(details.getByRole('textbox', { name: 'Address' })).toHaveValue(ANNA.address);
  expect(details.queryByText('Name is required') !== null).toBe(s.context.form.values.name === '');
  expect(details.queryByText('Enter a valid email address') !== null).toBe(Boolean(s.context.form.errors.email));
  expect(details.queryByRole('alert')?.textContent ?? null).toBe(
    s.context.error ? `${CONTACT_MESSAGES.saveFailed}: ${s.context.error}` : null,
  );
};
const dialog = () => within(screen.getByRole('alertdialog'));

const states = {
  loading: () => {
    expect(screen.getByRole('status')).toHaveTextContent('Loading the contact...');
  },
  notFound: () => {
    expect(screen.getByRole('heading', { name: CONTACT_MESSAGES.notFound })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Contacts' })).toHaveAttribute('href', '/portfolio/contacts');
  },
  failed: () => {
    expect(screen.getByRole('alert')).toHaveTextContent(`Failed to load the contact: ${FAILURE}`);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
  },
  viewing: async (s: Snapshot) => {
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    showsDetails(s);
    expect(screen.getByRole('button', { name: 'Edit' })).toBeEnabled();
  },
  editing: (s: Snapshot) => {
    showsForm(s);
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeEnabled();
  },
  saving: (s: Snapshot) => {
    showsForm(s);
    expect(screen.getByRole('button', { name: 'Saving...' })).toBeDisabled();
  },
  confirmingDelete: async () => {
    const shown = await screen.findByRole('alertdialog', { name: 'Delete Anna Weber?' });
    expect(shown).toHaveAccessibleDescription(CONTACT_MESSAGES.confirmDelete);
    expect(dialog().getByRole('button', { name: 'Delete' })).toBeEnabled();
  },
  deleting: () => {
    expect(dialog().getByRole('button', { name: 'Deleting...' })).toBeDisabled();
    expect(dialog().getByRole('button', { name: 'Cancel' })).toBeDisabled();
  },
  deleted: () => {
    expect(dialog().getByRole('button', { name: 'Deleting...' })).toBeDisabled();
  },
};

describe("contact page: a contact's details and what they are part of, as the chart says", () => {
  it.for(paths.map((p) => [pathName(p), p] as const))('%s', async ([, path]) => {
    const user = userEvent.setup();
    const load = controlledPromise<ContactDetail, string>('loadContact');
    const update = controlledPromise<Contact, { contactId: string; input: ContactInput }>('updateContact');
    const remove = controlledPromise<void, string>('deleteContact');
    const moves: string[] = [];
    const logic = contactPageMachine.provide({
      actors: { loadContact: load.logic, updateContact: update.logic, deleteContact: remove.logic },
      actions: { notifyDeleted: () => void moves.push('toast'), leave: () => void moves.push('leave') },
    });
    render(
      <Router hook={memoryLocation({ path: '/portfolio/contacts/k1' }).hook}>
        <ContactPage logic={logic} contactId="k1" />
      </Router>,
    );
    await path.test({
      events: {
        'xstate.done.actor.loadContact': async () => {
          expect(load.calls.at(-1)).toBe('k1');
          await act(() => load.resolve(DETAIL));
        },
        'xstate.error.actor.loadContact': ({ event }) => act(() => load.reject((event as unknown as { error: unknown }).error)),
        'page.retry': () => user.click(screen.getByRole('button', { name: 'Try again' })),
        'contact.edit': () => user.click(screen.getByRole('button', { name: 'Edit' })),
        'contact.delete': () => user.click(screen.getByRole('button', { name: 'Delete' })),
        'form.change': async ({ event }) => {
          const box = screen.getByRole('textbox', { name: 'Name' });
          await user.clear(box);
          const value = (event as unknown as { value: string }).value;
          if (value) await user.type(box, value);
        },
        'form.submit': () => user.click(screen.getByRole('button', { name: 'Save changes' })),
        'form.cancel': () => user.click(screen.getByRole('button', { name: 'Cancel' })),
        'xstate.done.actor.updateContact': async ({ event }) => {
          const output = (event as unknown as { output: Contact }).output;
          expect(update.calls.at(-1)).toEqual({
            contactId: 'k1',
            input: { name: output.name, email: ANNA.email, phone: ANNA.phone, address: ANNA.address, kind: 'collector', notes: '' },
          });
          await act(() => update.resolve(output));
        },
        'xstate.error.actor.updateContact': () => act(() => update.reject(BAD_EMAIL)),
        'delete.confirm': () => user.click(dialog().getByRole('button', { name: 'Delete' })),
        'delete.cancel': () => user.click(dialog().getByRole('button', { name: 'Cancel' })),
        'xstate.done.actor.deleteContact': async () => {
          expect(remove.calls.at(-1)).toBe('k1');
          await act(() => remove.resolve());
          expect(moves).toEqual(['toast', 'leave']);
        },
        'xstate.error.actor.deleteContact': async () => {
          await act(() => remove.reject(new ServiceError(NAMED, 409, 'CONFLICT')));
          expect(moves).toEqual([]);
        },
      },
      states,
    });
  });

  it('covers every state and transition', () => {
    assertFullCoverage(contactPageMachine, paths, { stateTests: states, record: true, input: { contactId: 'k1' } });
  });
});
