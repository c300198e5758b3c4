import { fromPromise } from 'xstate';
import type { MetaService } from '../../services/meta.service';
import type { Notice } from '../toasts/notice';
import { metaConnectMachine } from './meta-connect.machine';

export interface MetaConnectDeps {
  meta: Pick<MetaService, 'availability' | 'start' | 'pages' | 'choosePage'>;
  notify: (notice: Notice) => void;
  /** Moves the app to another address (the accounts page, once connected). */
  navigate: (to: string) => void;
  /** Leaves the app for Meta's sign-in page. */
  redirect: (url: string) => void;
}

/** Instagram's and Facebook's connect screen with the Meta service's calls. */
export const provideMetaConnect = ({ meta, notify, navigate, redirect }: MetaConnectDeps) =>
  metaConnectMachine.provide({
    actors: {
      loadAvailability: fromPromise(() => meta.availability()),
      start: fromPromise(({ input }) => meta.start(input)),
      loadPages: fromPromise(({ input }) => meta.pages(input)),
      choosePage: fromPromise(({ input }) => meta.choosePage(input)),
    },
    actions: {
      notify: (_, notice) => notify(notice),
      navigate: (_, to) => navigate(to),
      redirect: (_, url) => redirect(url),
      logFailure: (_, { error }) => console.error(error),
    },
  });
