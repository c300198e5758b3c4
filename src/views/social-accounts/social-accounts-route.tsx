import { useMemo } from 'react';
import { provideSocialAccounts } from '../../machines/social-accounts/social-accounts.provide';
import { createSocialService } from '../../services/social.service';
import { useApp } from '../app-context';
import { SocialAccountsPage } from './SocialAccountsPage';

/** /social-media/accounts: the connected accounts, read and disconnected through the social service. */
export default function SocialAccountsRoute() {
  const { http, cache, toasts } = useApp();
  const logic = useMemo(
    () =>
      provideSocialAccounts({
        social: createSocialService(http, cache),
        notify: ({ title, toastType }) => toasts.send({ type: 'toast.add', title, toastType }),
      }),
    [http, cache, toasts],
  );
  return <SocialAccountsPage logic={logic} />;
}
