import { fromPromise } from 'xstate';
import type { InquiriesService } from '../../services/inquiries.service';
import type { Notice } from '../toasts/notice';
import { inquiriesMachine } from './inquiries.machine';

export interface InquiriesDeps {
  inquiries: Pick<InquiriesService, 'list' | 'markRead'>;
  notify: (notice: Notice) => void;
}

/** The inquiries screen, paged and marked read through the inquiries service. */
export const provideInquiries = ({ inquiries, notify }: InquiriesDeps) =>
  inquiriesMachine.provide({
    actors: {
      fetchPage: fromPromise(({ input }) => inquiries.list(input.cursor)),
      act: fromPromise(({ input }) => inquiries.markRead(input.id)),
    },
    actions: { notifyActFailed: (_, message) => notify({ title: message, toastType: 'error' }) },
  });
