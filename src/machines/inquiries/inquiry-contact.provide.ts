import { fromPromise } from 'xstate';
import { CONTACT_MESSAGES } from '../../schemas/contact.schema';
import type { ContactsService } from '../../services/contacts.service';
import type { Notice } from '../toasts/notice';
import { inquiryContactMachine } from './inquiry-contact.machine';

export interface InquiryContactDeps {
  contacts: Pick<ContactsService, 'list' | 'fromInquiry'>;
  notify: (notice: Notice) => void;
  navigate: (to: string) => void;
}

/** Save as contact / Open contact through the contacts service, then the contact's page. */
export const provideInquiryContact = ({ contacts, notify, navigate }: InquiryContactDeps) =>
  inquiryContactMachine.provide({
    actors: {
      loadContacts: fromPromise(() => contacts.list()),
      contactFromInquiry: fromPromise(({ input }: { input: string }) => contacts.fromInquiry(input)),
    },
    actions: {
      notifySaved: () => notify({ title: CONTACT_MESSAGES.created, toastType: 'success' }),
      notifyFailed: (_, message) => notify({ title: `${CONTACT_MESSAGES.saveFailed}: ${message}`, toastType: 'error' }),
      openContact: (_, contactId) => navigate(`/portfolio/contacts/${contactId}`),
    },
  });
