import { useMemo } from 'react';
import { provideInquiries } from '../../machines/inquiries/inquiries.provide';
import { createInquiriesService } from '../../services/inquiries.service';
import { useApp } from '../app-context';
import { InquiriesPage } from './InquiriesPage';

export default function InquiriesRoute() {
  const { http, toasts } = useApp();
  const logic = useMemo(
    () =>
      provideInquiries({
        inquiries: createInquiriesService(http),
        notify: ({ title, toastType }) => toasts.send({ type: 'toast.add', title, toastType }),
      }),
    [http, toasts],
  );
  return <InquiriesPage logic={logic} />;
}
