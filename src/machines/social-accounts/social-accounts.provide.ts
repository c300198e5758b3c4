import { fromPromise } from 'xstate';
import type { SocialService } from '../../services/social.service';
import type { Notice } from '../toasts/notice';
import { socialAccountsMachine } from './social-accounts.machine';

export interface SocialAccountsDeps {
  social: Pick<SocialService, 'listAccounts' | 'disconnect'>;
  notify: (notice: Notice) => void;
}

/** The connected accounts, read and disconnected through the social service. */
export const provideSocialAccounts = ({ social, notify }: SocialAccountsDeps) =>
  socialAccountsMachine.provide({
    actors: {
      loadAccounts: fromPromise(() => social.listAccounts()),
      disconnect: fromPromise(({ input }) => social.disconnect(input)),
    },
    actions: {
      notify: (_, notice) => notify(notice),
      logFailure: (_, { error }) => console.error(error),
    },
  });
