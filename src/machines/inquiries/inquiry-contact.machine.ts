import { assign, fromPromise, setup } from 'xstate';
import type { Contact } from '../../schemas/contact.schema';
import { errorOf, failureMessage } from '../shared/failure';

interface InquiryContactContext {
  /** The addresses of the artist's contacts (lower case), to say Open contact rather than Save as contact. */
  known: string[];
  /** The inquiry whose contact is being found or made. */
  openingId: string | null;
}

type InquiryContactEvent = { type: 'contact.open'; inquiryId: string };

/**
 * An inquiry's contact: the one with its address (Open contact), or a new collector made from it (Save as contact).
 * Either way the app goes to the contact's page; one inquiry at a time. Knowing which is a courtesy of the label: if
 * the contacts cannot be read, every inquiry says Save as contact and the server still finds the one that exists.
 */
export const inquiryContactMachine = setup({
  types: { context: {} as InquiryContactContext, events: {} as InquiryContactEvent },
  actors: {
    loadContacts: fromPromise<Contact[]>(async () => {
      throw new Error('loadContacts is provided by provideInquiryContact');
    }),
    contactFromInquiry: fromPromise<{ contact: Contact; created: boolean }, string>(async () => {
      throw new Error('contactFromInquiry is provided by provideInquiryContact');
    }),
  },
  actions: {
    notifySaved: () => {},
    notifyFailed: (_, _message: string) => {},
    openContact: (_, _contactId: string) => {},
  },
  guards: {
    created: ({ event }) => (event as { output?: { created?: boolean } }).output?.created === true,
  },
}).createMachine({
  id: 'inquiryContact',
  description: "Each inquiry's Save as contact, or Open contact when its address is a contact's already.",
  context: { known: [], openingId: null },
  initial: 'loading',
  states: {
    loading: {
      description: "Reads the contacts' addresses; the buttons wait.",
      invoke: {
        id: 'loadContacts',
        src: 'loadContacts',
        onDone: { target: 'ready', actions: assign({ known: ({ event }) => event.output.map((c) => c.email).filter(Boolean) }) },
        onError: 'ready',
      },
    },
    ready: {
      description: 'Every inquiry offers its contact.',
      on: { 'contact.open': { target: 'opening', actions: assign({ openingId: ({ event }) => event.inquiryId }) } },
    },
    opening: {
      description: "The inquiry's contact is found or made; every other button waits.",
      invoke: {
        id: 'contactFromInquiry',
        src: 'contactFromInquiry',
        input: ({ context }) => context.openingId!,
        onDone: [
          {
            guard: 'created',
            target: 'opened',
            actions: ['notifySaved', { type: 'openContact', params: ({ event }) => event.output.contact.contactId }],
          },
          { target: 'opened', actions: { type: 'openContact', params: ({ event }) => event.output.contact.contactId } },
        ],
        onError: {
          target: 'ready',
          actions: [{ type: 'notifyFailed', params: ({ event }) => failureMessage(errorOf(event)) }, assign({ openingId: null })],
        },
      },
    },
    opened: { type: 'final', description: "On the way to the contact's page." },
  },
});
