import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { contactsMachine } from '../../src/machines/contacts/contacts.machine';
import { visibleContacts } from '../../src/machines/contacts/contacts.selectors';
import { CONTACT_MESSAGES, type Contact, type ContactInput } from '../../src/schemas/contact.schema';
import { ServiceError } from '../../src/services/api-error';
import { ContactsPage } from '../../src/views/contacts/ContactsPage';
import { assertFullCoverage, controlledPromise, coveringPaths, createModel, pathName, type ModelEvent } from './harness';

type Snapshot = SnapshotFrom<typeof contactsMachine>;
type Event = ModelEvent<typeof contactsMachine>;
const FAILURE = 'The server cannot be reached.';
const TAKEN = new ServiceError('Invalid input', 400, 'VALIDATION', { email: ['Enter a valid email address'] });

const contact = (id: string, name: string, kind: Contact['kind'], email: string): Contact => ({
  contactId: id,
  name,
  email,
  phone: '',
  address: '',
  kind,
  notes: '',
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
});
const ANNA = contact('c1', 'Anna Weber', 'collector', 'anna@example.com');
const BRUNO = contact('c2', 'Bruno Keller', 'collector', 'bruno@nordmail.com');
const NORD = contact('c3', 'Galerie Nord', 'gallery', '');

const events = (s: Snapshot): Event[] => {
  if (s.matches('loading'))
    return [
      { type: 'xstate.done.actor.loadContacts', output: [ANNA, BRUNO] },
      { type: 'xstate.done.actor.loadContacts', output: [] },
      { type: 'xstate.error.actor.loadContacts', error: new Error(FAILURE) },
    ];
  if (s.matches('failed')) return [{ type: 'list.retry' }];
  if (s.matches({ creating: 'saving' }))
    return [
      { type: 'xstate.done.actor.createContact', output: NORD },
      { type: 'xstate.error.actor.createContact', error: TAKEN },
      { type: 'xstate.error.actor.createContact', error: new Error(FAILURE) },
    ];
  if (s.matches({ creating: 'editing' })) {
    const { values } = s.context.form;
    return [
      ...(values.name ? [] : [{ type: 'form.change', field: 'name', value: 'Galerie Nord' } as const]),
      ...(values.name && values.kind === 'collector' ? [{ type: 'form.change', field: 'kind', value: 'gallery' } as const] : []),
      { type: 'form.submit' },
      { type: 'form.cancel' },
    ];
  }
  // Galerie Nord is added once: a second would only grow the list.
  return [
    ...(s.context.contacts.includes(NORD) ? [] : [{ type: 'contact.new' } as const]),
    ...(s.context.contacts.length
      ? ([
          { type: 'filter.kind', kind: s.context.kind === 'all' ? 'gallery' : 'all' },
          { type: 'filter.search', search: s.context.search ? '' : 'nord' },
        ] as const)
      : []),
  ];
};
const serializeState = (s: Snapshot) =>
  JSON.stringify([
    s.value,
    s.context.contacts.map((c) => c.contactId),
    s.context.kind,
    s.context.search,
    s.context.form.values.name,
    s.context.form.values.kind,
    s.context.form.submitted,
    Object.keys(s.context.form.errors),
    s.context.saveError,
  ]);
const model = createModel(contactsMachine, { events, serializeState });
const paths = coveringPaths(model, { minimal: true });

const showsList = (s: Snapshot) => {
  const { contacts, kind, search } = s.context;
  if (contacts.length === 0) {
    if (!s.matches('creating')) {
      expect(screen.getByText(CONTACT_MESSAGES.empty)).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'New contact' })).toBeEnabled();
    }
    expect(screen.queryByRole('list', { name: 'Contacts' })).toBeNull();
    return;
  }
  expect(screen.getByRole('combobox', { name: 'Show' })).toHaveValue(kind);
  expect(screen.getByRole('searchbox', { name: 'Search by name or email' })).toHaveValue(search);
  expect(screen.getByRole('button', { name: 'New contact' })).toHaveProperty('disabled', s.matches('creating'));
  const shown = visibleContacts(contacts, kind, search);
  if (shown.length === 0) {
    expect(screen.getByText('No contacts match.')).toBeInTheDocument();
    return;
  }
  const links = within(screen.getByRole('list', { name: 'Contacts' })).getAllByRole('link');
  expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual(
    shown.map((c) => [c.name, `/portfolio/contacts/${c.contactId}`]),
  );
};
const showsForm = (s: Snapshot) => {
  const form = within(screen.getByRole('region', { name: 'New contact' }));
  expect(form.getByRole('textbox', { name: 'Name' })).toHaveValue(s.context.form.values.name);
  expect(form.getByRole('combobox', { name: 'Kind' })).toHaveValue(s.context.form.values.kind);
  const nameMessage = s.context.form.submitted && !s.context.form.values.name;
  expect(form.queryByText('Name is required') !== null).toBe(nameMessage);
  expect(form.queryByText('Enter a valid email address') !== null).toBe(Boolean(s.context.form.errors.email));
  expect(form.queryByRole('alert')?.textContent ?? null).toBe(
    s.context.saveError ? `${CONTACT_MESSAGES.saveFailed}: ${s.context.saveError}` : null,
  );
  showsList(s);
};

const states = {
  loading: () => {
    expect(screen.getByRole('status')).toHaveTextContent(CONTACT_MESSAGES.loading);
  },
  failed: () => {
    expect(screen.getByRole('alert')).toHaveTextContent(`${CONTACT_MESSAGES.fetchFailed}: ${FAILURE}`);
  },
  ready: (s: Snapshot) => {
    expect(screen.queryByRole('region', { name: 'New contact' })).toBeNull();
    showsList(s);
  },
  'creating.editing': (s: Snapshot) => {
    showsForm(s);
    expect(screen.getByRole('button', { name: 'Save contact' })).toBeEnabled();
  },
  'creating.saving': (s: Snapshot) => {
    showsForm(s);
    expect(screen.getByRole('button', { name: 'Saving...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  },
};

describe('contacts: the artist lists, narrows and adds contacts, as the chart says', () => {
  it.for(paths.map((p) => [pathName(p), p] as const))('%s', async ([, path]) => {
    const user = userEvent.setup();
    const load = controlledPromise<Contact[]>('loadContacts');
    const create = controlledPromise<Contact, ContactInput>('createContact');
    const toasts: string[] = [];
    const logic = contactsMachine.provide({
      actors: { loadContacts: load.logic, createContact: create.logic },
      actions: { notifyCreated: () => void toasts.push(CONTACT_MESSAGES.created) },
    });
    render(
      <Router hook={memoryLocation({ path: '/portfolio/contacts' }).hook}>
        <ContactsPage logic={logic} />
      </Router>,
    );
    await path.test({
      events: {
        'xstate.done.actor.loadContacts': ({ event }) => act(() => load.resolve((event as unknown as { output: Contact[] }).output)),
        'xstate.error.actor.loadContacts': () => act(() => load.reject(new Error(FAILURE))),
        'list.retry': () => user.click(screen.getByRole('button', { name: 'Retry' })),
        'filter.kind': ({ event }) =>
          user.selectOptions(screen.getByRole('combobox', { name: 'Show' }), (event as unknown as { kind: string }).kind),
        'filter.search': async ({ event }) => {
          const box = screen.getByRole('searchbox', { name: 'Search by name or email' });
          await user.clear(box);
          const search = (event as unknown as { search: string }).search;
          if (search) await user.type(box, search);
        },
        'contact.new': () => user.click(screen.getByRole('button', { name: 'New contact' })),
        'form.change': async ({ event }) => {
          const { field, value } = event as unknown as { field: string; value: string };
          if (field === 'kind') await user.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), value);
          else await user.type(screen.getByRole('textbox', { name: 'Name' }), value);
        },
        'form.submit': () => user.click(screen.getByRole('button', { name: 'Save contact' })),
        'form.cancel': () => user.click(screen.getByRole('button', { name: 'Cancel' })),
        'xstate.done.actor.createContact': async () => {
          expect(create.calls.at(-1)).toMatchObject({ name: 'Galerie Nord', email: '', phone: '', address: '', notes: '' });
          await act(() => create.resolve(NORD));
          expect(toasts).toEqual([CONTACT_MESSAGES.created]);
        },
        'xstate.error.actor.createContact': ({ event }) => act(() => create.reject((event as unknown as { error: unknown }).error)),
      },
      states,
    });
  });

  it('covers every state and transition', () => {
    assertFullCoverage(contactsMachine, paths, { stateTests: states, record: true });
  });
});
