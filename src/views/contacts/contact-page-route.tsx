import { useMemo } from 'react';
import { useLocation } from 'wouter';
import { provideContactPage } from '../../machines/contacts/contact-page.provide';
import { createContactsService } from '../../services/contacts.service';
import { useApp } from '../app-context';
import { ContactPage } from './ContactPage';

/** /portfolio/contacts/:id, wired to the app's services; each contact is a fresh page. */
export default function ContactPageRoute({ params }: { params: { id: string } }) {
  const { http, toasts } = useApp();
  const [, navigate] = useLocation();
  const logic = useMemo(
    () =>
      provideContactPage({
        contacts: createContactsService(http),
        notify: ({ title, toastType }) => toasts.send({ type: 'toast.add', title, toastType }),
        navigate,
      }),
    [http, toasts, navigate],
  );
  return <ContactPage key={params.id} logic={logic} contactId={params.id} />;
}
