import { useMemo } from 'react';
import { provideConsignments } from '../../machines/consignments/consignments.provide';
import { createConsignmentsService } from '../../services/consignments.service';
import { createPaperworkService } from '../../services/paperwork.service';
import { useApp } from '../app-context';
import { ConsignmentsPage } from './ConsignmentsPage';

/** /portfolio/consignments, wired to the app's services (the overdue mail links here). */
export default function ConsignmentsRoute() {
  const { http, cache, toasts } = useApp();
  const { logic, paperwork } = useMemo(
    () => ({
      logic: provideConsignments({
        consignments: createConsignmentsService(http, cache),
        notify: ({ title, toastType }) => toasts.send({ type: 'toast.add', title, toastType }),
      }),
      paperwork: createPaperworkService(http),
    }),
    [http, cache, toasts],
  );
  return <ConsignmentsPage logic={logic} paperwork={paperwork} />;
}
