import { assign, fromPromise, setup } from 'xstate';
import type { Contact, ContactInput, ContactKind } from '../../schemas/contact.schema';
import { errorOf, failureFieldErrors, failureMessage } from '../shared/failure';
import {
  type ContactForm,
  type ContactFormEvent,
  changeContactField,
  contactForm,
  contactInput,
  isContactFormValid,
  submitContactForm,
  withContactServerErrors,
} from './contacts.form';

export type KindFilter = ContactKind | 'all';

interface ContactsContext {
  contacts: Contact[];
  kind: KindFilter;
  search: string;
  form: ContactForm;
  /** Why the list could not be read. */
  error: string | null;
  /** Why the new contact could not be saved (its field messages are in the form). */
  saveError: string | null;
}

type ContactsEvent =
  | { type: 'list.retry' }
  | { type: 'filter.kind'; kind: KindFilter }
  | { type: 'filter.search'; search: string }
  | { type: 'contact.new' }
  | ContactFormEvent;

const byName = (a: Contact, b: Contact) => a.name.localeCompare(b.name);

/**
 * The artist's contacts: every one read once, narrowed on the screen by kind and by a search of names and addresses;
 * New contact opens a form whose contact joins the list once saved. A save that fails keeps what was typed.
 */
export const contactsMachine = setup({
  types: { context: {} as ContactsContext, events: {} as ContactsEvent },
  actors: {
    loadContacts: fromPromise<Contact[]>(async () => {
      throw new Error('loadContacts is provided by provideContacts');
    }),
    createContact: fromPromise<Contact, ContactInput>(async () => {
      throw new Error('createContact is provided by provideContacts');
    }),
  },
  actions: {
    notifyCreated: () => {},
    changeField: assign({
      form: ({ context, event }) =>
        event.type === 'form.change' ? changeContactField(context.form, event.field, event.value) : context.form,
    }),
    showErrors: assign({ form: ({ context }) => submitContactForm(context.form) }),
  },
  guards: {
    formValid: ({ context }) => isContactFormValid(context.form),
  },
}).createMachine({
  id: 'contacts',
  description: 'Contacts: collectors, galleries, institutions and others, filtered and searched; a new one from a form.',
  context: { contacts: [], kind: 'all', search: '', form: contactForm(), error: null, saveError: null },
  initial: 'loading',
  on: {
    'filter.kind': { actions: assign({ kind: ({ event }) => event.kind }) },
    'filter.search': { actions: assign({ search: ({ event }) => event.search }) },
  },
  states: {
    loading: {
      description: 'Reads every contact, by name.',
      invoke: {
        id: 'loadContacts',
        src: 'loadContacts',
        onDone: { target: 'ready', actions: assign({ contacts: ({ event }) => event.output, error: null }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => failureMessage(errorOf(event)) }) },
      },
    },
    failed: {
      description: 'The contacts could not be read; Retry reads them again.',
      on: { 'list.retry': 'loading' },
    },
    ready: {
      description: 'The contacts of the chosen kind that match the search; New contact opens the form.',
      on: { 'contact.new': { target: 'creating', actions: assign({ form: () => contactForm(), saveError: null }) } },
    },
    creating: {
      description: 'The form of a new contact, above the list.',
      initial: 'editing',
      states: {
        editing: {
          description: 'Typing; Save sends the contact once every field is valid, else shows every message.',
          on: {
            'form.change': { actions: 'changeField' },
            'form.cancel': '#contacts.ready',
            'form.submit': [{ guard: 'formValid', target: 'saving' }, { actions: 'showErrors' }],
          },
        },
        saving: {
          description: 'The new contact is being saved; the form waits.',
          invoke: {
            id: 'createContact',
            src: 'createContact',
            input: ({ context }) => contactInput(context.form),
            onDone: {
              target: '#contacts.ready',
              actions: [
                'notifyCreated',
                assign({ contacts: ({ context, event }) => [...context.contacts, event.output].sort(byName), saveError: null }),
              ],
            },
            onError: {
              target: 'editing',
              actions: assign({
                form: ({ context, event }) => withContactServerErrors(context.form, failureFieldErrors(errorOf(event))),
                saveError: ({ event }) => failureMessage(errorOf(event)),
              }),
            },
          },
        },
      },
    },
  },
});
