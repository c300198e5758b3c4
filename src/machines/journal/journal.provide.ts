import { fromPromise } from 'xstate';
import type { JournalService } from '../../services/journal.service';
import type { Notice } from '../toasts/notice';
import { journalMachine } from './journal.machine';

export interface JournalDeps {
  journal: Pick<JournalService, 'list' | 'dismiss'>;
  notify: (notice: Notice) => void;
}

/** The activity journal, paged and dismissed through the journal service. */
export const provideJournal = ({ journal, notify }: JournalDeps) =>
  journalMachine.provide({
    actors: {
      fetchPage: fromPromise(({ input }) => journal.list(input.query, input.cursor)),
      act: fromPromise(({ input }) => journal.dismiss(input.id)),
    },
    actions: { notifyActFailed: (_, message) => notify({ title: message, toastType: 'error' }) },
  });
