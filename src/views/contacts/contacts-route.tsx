import { useMemo } from 'react';
import { provideContacts } from '../../machines/contacts/contacts.provide';
import { createContactsService } from '../../services/contacts.service';
import { useApp } from '../app-context';
import { ContactsPage } from './ContactsPage';

/** /portfolio/contacts, wired to the app's services. */
export default function ContactsRoute() {
  const { http, toasts } = useApp();
  const logic = useMemo(
    () =>
      provideContacts({
        contacts: createContactsService(http),
        notify: ({ title, toastType }) => toasts.send({ type: 'toast.add', title, toastType }),
      }),
    [http, toasts],
  );
  return <ContactsPage logic={logic} />;
}
