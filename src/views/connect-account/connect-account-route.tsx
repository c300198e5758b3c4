import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { useLocation } from 'wouter';
import { connectAccountMachine } from '../../machines/connect-account/connect-account.machine';
import { createSocialService } from '../../services/social.service';
import { useApp } from '../app-context';
import { ConnectAccountPage } from './ConnectAccountPage';

/** /social-media/accounts/connect/:platform: Bluesky's connect form; the other platforms say why there is none. */
export default function SocialConnectRoute({ params }: { params: { platform: string } }) {
  const { http, cache, toasts } = useApp();
  const [, setLocation] = useLocation();
  const logic = useMemo(() => {
    const social = createSocialService(http, cache);
    return connectAccountMachine.provide({
      actors: { connect: fromPromise(({ input }) => social.connect(input)) },
      actions: {
        notify: (_, { title, toastType }) => toasts.send({ type: 'toast.add', title, toastType }),
        navigate: (_, to) => setLocation(to),
        logFailure: (_, { error }) => console.error(error),
      },
    });
  }, [http, cache, toasts, setLocation]);
  // Another platform in the address is another screen.
  return <ConnectAccountPage key={params.platform} logic={logic} platform={params.platform} />;
}
