import { fromPromise } from 'xstate';
import { CONTACT_MESSAGES, type ContactInput } from '../../schemas/contact.schema';
import type { ContactsService } from '../../services/contacts.service';
import type { Notice } from '../toasts/notice';
import { contactPageMachine } from './contact-page.machine';

export interface ContactPageDeps {
  contacts: Pick<ContactsService, 'get' | 'update' | 'remove'>;
  notify: (notice: Notice) => void;
  navigate: (to: string) => void;
}

/** A contact's page through the contacts service; once deleted, a toast and back to the contacts. */
export const provideContactPage = ({ contacts, notify, navigate }: ContactPageDeps) =>
  contactPageMachine.provide({
    actors: {
      loadContact: fromPromise(({ input }: { input: string }) => contacts.get(input)),
      updateContact: fromPromise(({ input }: { input: { contactId: string; input: ContactInput } }) =>
        contacts.update(input.contactId, input.input),
      ),
      deleteContact: fromPromise(({ input }: { input: string }) => contacts.remove(input)),
    },
    actions: {
      notifyDeleted: () => notify({ title: CONTACT_MESSAGES.deleted, toastType: 'success' }),
      leave: () => navigate('/portfolio/contacts'),
    },
  });
