import { useMemo } from 'react';
import { useLocation } from 'wouter';
import { provideInquiries } from '../../machines/inquiries/inquiries.provide';
import { provideInquiryContact } from '../../machines/inquiries/inquiry-contact.provide';
import { createContactsService } from '../../services/contacts.service';
import { createInquiriesService } from '../../services/inquiries.service';
import type { Notice } from '../../machines/toasts/notice';
import { useApp } from '../app-context';
import { InquiriesPage } from './InquiriesPage';

export default function InquiriesRoute() {
  const { http, toasts } = useApp();
  const [, navigate] = useLocation();
  const { logic, contactLogic } = useMemo(() => {
    const notify = ({ title, toastType }: Notice) => toasts.send({ type: 'toast.add', title, toastType });
    return {
      logic: provideInquiries({ inquiries: createInquiriesService(http), notify }),
      contactLogic: provideInquiryContact({ contacts: createContactsService(http), notify, navigate }),
    };
  }, [http, toasts, navigate]);
  return <InquiriesPage logic={logic} contactLogic={contactLogic} />;
}
