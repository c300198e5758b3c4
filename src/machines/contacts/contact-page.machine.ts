import { assign, fromPromise, setup } from 'xstate';
import type { ContactDetail } from '../../schemas/contact-detail.schema';
import type { Contact, ContactInput } from '../../schemas/contact.schema';
import { errorOf, failureFieldErrors, failureMessage, failureStatus } from '../shared/failure';
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

interface ContactPageContext {
  contactId: string;
  detail: ContactDetail | null;
  form: ContactForm;
  /** Why the contact could not be read, saved or deleted (the server's words: a 409 says what names them). */
  error: string | null;
}

type ContactPageEvent =
  | { type: 'page.retry' }
  | { type: 'contact.edit' }
  | { type: 'contact.delete' }
  | { type: 'delete.confirm' }
  | { type: 'delete.cancel' }
  | ContactFormEvent;

/**
 * One contact's page: their details, edited in place with the contacts' form or deleted after a confirmation, and
 * what they bought, were consigned, hold and wrote. A contact their sales or consignments name cannot be deleted:
 * the server says so and the page shows it.
 */
export const contactPageMachine = setup({
  types: { context: {} as ContactPageContext, events: {} as ContactPageEvent, input: {} as { contactId: string } },
  actors: {
    loadContact: fromPromise<ContactDetail, string>(async () => {
      throw new Error('loadContact is provided by provideContactPage');
    }),
    updateContact: fromPromise<Contact, { contactId: string; input: ContactInput }>(async () => {
      throw new Error('updateContact is provided by provideContactPage');
    }),
    deleteContact: fromPromise<void, string>(async () => {
      throw new Error('deleteContact is provided by provideContactPage');
    }),
  },
  actions: {
    notifyDeleted: () => {},
    leave: () => {},
    changeField: assign({
      form: ({ context, event }) =>
        event.type === 'form.change' ? changeContactField(context.form, event.field, event.value) : context.form,
    }),
    showErrors: assign({ form: ({ context }) => submitContactForm(context.form) }),
    setFailure: assign({ error: ({ event }) => failureMessage(errorOf(event)) }),
  },
  guards: {
    formValid: ({ context }) => isContactFormValid(context.form),
    /** No such contact of the artist's (404), or an address whose id is not one at all (400). */
    notFound: ({ event }) => [400, 404].includes(failureStatus(errorOf(event)) ?? 0),
  },
}).createMachine({
  id: 'contactPage',
  description: "A contact's page: details edited in place or deleted, then purchases, consignments, holds and inquiries.",
  context: ({ input }) => ({ contactId: input.contactId, detail: null, form: contactForm(), error: null }),
  initial: 'loading',
  states: {
    loading: {
      description: 'Reads the contact and what they are part of.',
      invoke: {
        id: 'loadContact',
        src: 'loadContact',
        input: ({ context }) => context.contactId,
        onDone: { target: 'viewing', actions: assign({ detail: ({ event }) => event.output, error: null }) },
        onError: [
          { guard: 'notFound', target: 'notFound' },
          { target: 'failed', actions: 'setFailure' },
        ],
      },
    },
    notFound: { description: 'No contact of the artist has this address: the way back to the contacts.' },
    failed: {
      description: 'The contact could not be read; Try again reads it again.',
      on: { 'page.retry': 'loading' },
    },
    viewing: {
      description: 'The details and what the contact is part of; a failed deletion says why here.',
      on: {
        'contact.edit': {
          target: 'editing',
          actions: assign({ form: ({ context }) => contactForm(context.detail!.contact), error: null }),
        },
        'contact.delete': { target: 'confirmingDelete', actions: assign({ error: null }) },
      },
    },
    editing: {
      description: 'The details in the form; Save sends them once every field is valid, else shows every message.',
      on: {
        'form.change': { actions: 'changeField' },
        'form.cancel': { target: 'viewing', actions: assign({ error: null }) },
        'form.submit': [{ guard: 'formValid', target: 'saving' }, { actions: 'showErrors' }],
      },
    },
    saving: {
      description: 'The edited details are being saved; the form waits.',
      invoke: {
        id: 'updateContact',
        src: 'updateContact',
        input: ({ context }) => ({ contactId: context.contactId, input: contactInput(context.form) }),
        onDone: {
          target: 'viewing',
          actions: assign({ detail: ({ context, event }) => ({ ...context.detail!, contact: event.output }), error: null }),
        },
        onError: {
          target: 'editing',
          actions: [
            'setFailure',
            assign({ form: ({ context, event }) => withContactServerErrors(context.form, failureFieldErrors(errorOf(event))) }),
          ],
        },
      },
    },
    confirmingDelete: {
      description: 'Asks before deleting.',
      on: { 'delete.confirm': 'deleting', 'delete.cancel': 'viewing' },
    },
    deleting: {
      description: 'The contact is being deleted; the server refuses one that sales, consignments or holds name.',
      invoke: {
        id: 'deleteContact',
        src: 'deleteContact',
        input: ({ context }) => context.contactId,
        onDone: { target: 'deleted', actions: ['notifyDeleted', 'leave'] },
        onError: { target: 'viewing', actions: 'setFailure' },
      },
    },
    deleted: { type: 'final', description: 'Deleted: the app is on its way back to the contacts.' },
  },
});
