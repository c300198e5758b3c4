import { fromPromise } from 'xstate';
import type { SocialService } from '../../services/social.service';
import type { Notice } from '../toasts/notice';
import { connectAccountMachine } from './connect-account.machine';

export interface ConnectAccountDeps {
  social: Pick<SocialService, 'connect'>;
  notify: (notice: Notice) => void;
  /** Moves the app to another address (the accounts page, once connected). */
  navigate: (to: string) => void;
}

/** Bluesky's connect form with the social service's connect call. */
export const provideConnectAccount = ({ social, notify, navigate }: ConnectAccountDeps) =>
  connectAccountMachine.provide({
    actors: { connect: fromPromise(({ input }) => social.connect(input)) },
    actions: {
      notify: (_, notice) => notify(notice),
      navigate: (_, to) => navigate(to),
      logFailure: (_, { error }) => console.error(error),
    },
  });
