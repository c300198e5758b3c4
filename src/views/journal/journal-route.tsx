import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { journalMachine } from '../../machines/journal/journal.machine';
import { createJournalService } from '../../services/journal.service';
import { useApp } from '../app-context';
import { JournalPage } from './JournalPage';

export default function JournalRoute() {
  const { http, cache, toasts } = useApp();
  const logic = useMemo(() => {
    const journal = createJournalService(http, cache);
    return journalMachine.provide({
      actors: {
        fetchPage: fromPromise(({ input }) => journal.list(input.filter, input.cursor)),
        dismiss: fromPromise(({ input }) => journal.dismiss(input.journalId)),
      },
      actions: { notifyDismissFailed: (_, message) => toasts.send({ type: 'toast.add', title: message, toastType: 'error' }) },
    });
  }, [http, cache, toasts]);
  return <JournalPage logic={logic} />;
}
