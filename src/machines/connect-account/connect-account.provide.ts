import { fromPromise } from 'xstate';
import type { SocialService } from '../../services/social.service';
import type { Notice } from '../toasts/notice';
import { connectAccountMachine } from './connect-account.machine';

export interface ConnectAccountDeps {
  social: Pick<SocialService, 'connect' | 'startOAuth'>;
  notify: (notice: Notice) => void;
  /** Moves the app to another address (the accounts page, once connected). */
  navigate: (to: string) => void;
  /** Leaves the app for another site (the PDS's sign-in page). */
  redirect: (url: string) => void;
}

/** Bluesky's two ways to connect with the social service's calls. */
export const provideConnectAccount = ({ social, notify, navigate, redirect }: ConnectAccountDeps) =>
  connectAccountMachine.provide({
    actors: {
      connect: fromPromise(({ input }) => social.connect(input)),
      startOAuth: fromPromise(({ input }) => social.startOAuth(input)),
    },
    actions: {
      notify: (_, notice) => notify(notice),
      navigate: (_, to) => navigate(to),
      redirect: (_, url) => redirect(url),
      logFailure: (_, { error }) => console.error(error),
    },
  });
