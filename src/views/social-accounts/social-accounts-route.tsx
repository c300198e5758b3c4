import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { socialAccountsMachine } from '../../machines/social-accounts/social-accounts.machine';
import { createSocialService } from '../../services/social.service';
import { useApp } from '../app-context';
import { SocialAccountsPage } from './SocialAccountsPage';

/** /social-media/accounts: the connected accounts, read and disconnected through the social service. */
export default function SocialAccountsRoute() {
  const { http, cache, toasts } = useApp();
  const logic = useMemo(() => {
    const social = createSocialService(http, cache);
    return socialAccountsMachine.provide({
      actors: {
        loadAccounts: fromPromise(() => social.listAccounts()),
        disconnect: fromPromise(({ input }) => social.disconnect(input)),
      },
      actions: {
        notify: (_, { title, toastType }) => toasts.send({ type: 'toast.add', title, toastType }),
        logFailure: (_, { error }) => console.error(error),
      },
    });
  }, [http, cache, toasts]);
  return <SocialAccountsPage logic={logic} />;
}
