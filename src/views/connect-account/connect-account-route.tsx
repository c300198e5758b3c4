import { useMemo, useState } from 'react';
import type { OAuthReturn } from '../../machines/connect-account/connect-account.machine';
import { OAUTH_FAILURES, OAUTH_RESULT_PARAM, type OAuthFailure } from '../../schemas/bluesky-oauth.schema';
import { useLocation } from 'wouter';
import { provideConnectAccount } from '../../machines/connect-account/connect-account.provide';
import { createSocialService } from '../../services/social.service';
import { useApp } from '../app-context';
import type { Notice } from '../../machines/toasts/notice';
import { ConnectAccountPage } from './ConnectAccountPage';
import { MetaConnectPage } from './MetaConnectPage';
import { provideMetaConnect } from '../../machines/connect-account/meta-connect.provide';
import type { MetaReturn } from '../../machines/connect-account/meta-connect.machine';
import { META_FAILURES, META_NETWORKS, type MetaFailure, type MetaNetwork } from '../../schemas/meta-connect.schema';
import { createMetaService } from '../../services/meta.service';

/** /social-media/accounts/connect/:platform: Bluesky's connect form, Instagram's and Facebook's sign-in, or not a platform. */
export default function SocialConnectRoute({ params }: { params: { platform: string } }) {
  const { http, cache, toasts } = useApp();
  const [, setLocation] = useLocation();
  // Read once: the PDS's answer (or the handle to reconnect) is in the address this screen was opened at.
  const [query] = useState(() => new URLSearchParams(window.location.search));
  const deps = useMemo(
    () => ({
      notify: ({ title, toastType }: Notice) => toasts.send({ type: 'toast.add', title, toastType }),
      navigate: (to: string) => setLocation(to),
      redirect: (url: string) => window.location.assign(url),
    }),
    [toasts, setLocation],
  );
  const logic = useMemo(() => provideConnectAccount({ social: createSocialService(http, cache), ...deps }), [http, cache, deps]);
  const metaLogic = useMemo(() => provideMetaConnect({ meta: createMetaService(http, cache), ...deps }), [http, cache, deps]);
  // The platform is matched in any letter case (/connect/Bluesky is Bluesky's form); another one is another screen.
  const platform = params.platform.toLowerCase();
  if ((META_NETWORKS as readonly string[]).includes(platform)) {
    const network = platform as MetaNetwork;
    return <MetaConnectPage key={network} logic={metaLogic} network={network} returned={fromMetaAddress(query, network)} />;
  }
  return <ConnectAccountPage key={platform} logic={logic} platform={platform} {...fromAddress(query)} />;
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

/** `?instagram=connected&handle=…`, `?facebook=choose-page&flow=…` or `?<network>=failed&reason=…` (Meta's callback). */
export function fromMetaAddress(query: URLSearchParams, network: MetaNetwork): MetaReturn | undefined {
  const result = query.get(network);
  const handle = query.get('handle');
  const flow = query.get('flow');
  if (result === 'connected' && handle) return { result, handle };
  if (result === 'choose-page' && flow) return { result, flow };
  if (result === 'failed') {
    const reason = query.get('reason') as MetaFailure;
    return { result, reason: META_FAILURES.includes(reason) ? reason : 'error' };
  }
  return undefined;
}
