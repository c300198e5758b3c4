import { useActorRef, useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { css } from 'styled-system/css';
import { ACCOUNTS_PATH, type ConnectAccountInput, type ConnectAccountLogic } from '../../machines/connect-account/connect-account.machine';
import { selectMode, selectScreen } from '../../machines/connect-account/connect-account.selectors';
import { SOCIAL_MESSAGES } from '../../schemas/social.schema';
import { Alert } from '../ui/alert';
import { BlueskyConnectForm } from './bluesky-connect-form';
import { BlueskyOAuthForm } from './bluesky-oauth-form';
import { CONNECT_TEXT } from './connect-text';
import { useInspection } from '../inspection';

const page = css({ display: 'flex', flexDirection: 'column', gap: '4', maxW: 'xl' });
const title = css({ fontSize: '2xl', fontWeight: 'bold' });
const backLink = css({ color: 'accent.default', textDecoration: 'underline', alignSelf: 'flex-start' });

/** The Connect screen for Bluesky (its two ways to connect), or for what is not a platform. */
export function ConnectAccountPage({
  logic,
  platform,
  handle,
  returned,
}: { logic: ConnectAccountLogic; platform: string } & Omit<ConnectAccountInput, 'platform'>) {
  const actor = useActorRef(logic, { input: { platform, handle, returned }, ...useInspection() });
  const screen = useSelector(actor, selectScreen);
  const mode = useSelector(actor, selectMode);

  if (screen === 'form') {
    return (
      <section aria-labelledby="connect-title" className={page}>
        <h1 id="connect-title" className={title}>
          {CONNECT_TEXT.blueskyTitle}
        </h1>
        <p className={css({ color: 'fg.muted' })}>{mode === 'oauth' ? CONNECT_TEXT.oauthIntro : CONNECT_TEXT.intro}</p>
        {mode === 'oauth' ? <BlueskyOAuthForm actor={actor} /> : <BlueskyConnectForm actor={actor} />}
      </section>
    );
  }
  return (
    <section aria-labelledby="connect-title" className={page}>
      <h1 id="connect-title" className={title}>
        {CONNECT_TEXT.otherTitle}
      </h1>
      <Alert status="danger">{SOCIAL_MESSAGES.invalidPlatform}</Alert>
      <Link href={ACCOUNTS_PATH} className={backLink}>
        {CONNECT_TEXT.back}
      </Link>
    </section>
  );
}
