import { useMemo } from 'react';
import { provideJournal } from '../../machines/journal/journal.provide';
import { createJournalService } from '../../services/journal.service';
import { useApp } from '../app-context';
import { JournalPage } from './JournalPage';

export default function JournalRoute() {
  const { http, cache, toasts } = useApp();
  const logic = useMemo(
    () =>
      provideJournal({
        journal: createJournalService(http, cache),
        notify: ({ title, toastType }) => toasts.send({ type: 'toast.add', title, toastType }),
      }),
    [http, cache, toasts],
  );
  return <JournalPage logic={logic} />;
}
