import { useMemo } from 'react';
import { useLocation } from 'wouter';
import { provideConnectAccount } from '../../machines/connect-account/connect-account.provide';
import { createSocialService } from '../../services/social.service';
import { useApp } from '../app-context';
import { ConnectAccountPage } from './ConnectAccountPage';

/** /social-media/accounts/connect/:platform: Bluesky's connect form; the other platforms say why there is none. */
export default function SocialConnectRoute({ params }: { params: { platform: string } }) {
  const { http, cache, toasts } = useApp();
  const [, setLocation] = useLocation();
  const logic = useMemo(
    () =>
      provideConnectAccount({
        social: createSocialService(http, cache),
        notify: ({ title, toastType }) => toasts.send({ type: 'toast.add', title, toastType }),
        navigate: (to) => setLocation(to),
      }),
    [http, cache, toasts, setLocation],
  );
  // The platform is matched in any letter case (/connect/Bluesky is Bluesky's form); another one is another screen.
  const platform = params.platform.toLowerCase();
  return <ConnectAccountPage key={platform} logic={logic} platform={platform} />;
}
