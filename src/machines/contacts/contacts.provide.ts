import { fromPromise } from 'xstate';
import { CONTACT_MESSAGES, type ContactInput } from '../../schemas/contact.schema';
import type { ContactsService } from '../../services/contacts.service';
import type { Notice } from '../toasts/notice';
import { contactsMachine } from './contacts.machine';

export interface ContactsDeps {
  contacts: Pick<ContactsService, 'list' | 'create'>;
  notify: (notice: Notice) => void;
}

/** The contacts list, read and added to through the contacts service; a new contact is told with a toast. */
export const provideContacts = ({ contacts, notify }: ContactsDeps) =>
  contactsMachine.provide({
    actors: {
      loadContacts: fromPromise(() => contacts.list()),
      createContact: fromPromise(({ input }: { input: ContactInput }) => contacts.create(input)),
    },
    actions: { notifyCreated: () => notify({ title: CONTACT_MESSAGES.created, toastType: 'success' }) },
  });
