import { useMemo, useState } from 'react';
import type { OAuthReturn } from '../../machines/connect-account/connect-account.machine';
import { OAUTH_FAILURES, OAUTH_RESULT_PARAM, type OAuthFailure } from '../../schemas/bluesky-oauth.schema';
import { useLocation } from 'wouter';
import { provideConnectAccount } from '../../machines/connect-account/connect-account.provide';
import { createSocialService } from '../../services/social.service';
import { useApp } from '../app-context';
import { ConnectAccountPage } from './ConnectAccountPage';

/** /social-media/accounts/connect/:platform: Bluesky's connect form; the other platforms say why there is none. */
export default function SocialConnectRoute({ params }: { params: { platform: string } }) {
  const { http, cache, toasts } = useApp();
  const [, setLocation] = useLocation();
  // Read once: the PDS's answer (or the handle to reconnect) is in the address this screen was opened at.
  const [from] = useState(() => fromAddress(new URLSearchParams(window.location.search)));
  const logic = useMemo(
    () =>
      provideConnectAccount({
        social: createSocialService(http, cache),
        notify: ({ title, toastType }) => toasts.send({ type: 'toast.add', title, toastType }),
        navigate: (to) => setLocation(to),
        redirect: (url) => window.location.assign(url),
      }),
    [http, cache, toasts, setLocation],
  );
  // The platform is matched in any letter case (/connect/Bluesky is Bluesky's form); another one is another screen.
  const platform = params.platform.toLowerCase();
  return <ConnectAccountPage key={platform} logic={logic} platform={platform} {...from} />;
}

/** `?bluesky=connected&handle=…` or `?bluesky=failed&reason=…` (the OAuth callback's answer), and `?handle=…` to reconnect. */
export function fromAddress(query: URLSearchParams): { handle?: string; returned?: OAuthReturn } {
  const handle = query.get('handle') ?? undefined;
  const outcome = query.get(OAUTH_RESULT_PARAM);
  if (outcome === 'connected' && handle) return { returned: { outcome, handle } };
  if (outcome === 'failed') {
    const reason = query.get('reason') as OAuthFailure;
    return { returned: { outcome, reason: OAUTH_FAILURES.includes(reason) ? reason : 'error' } };
  }
  return { handle };
}
