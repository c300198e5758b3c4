import { useActorRef, useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { css } from 'styled-system/css';
import { button } from 'styled-system/recipes/button';
import { ACCOUNTS_PATH } from '../../machines/connect-account/connect-account.machine';
import type { MetaConnectInput, MetaConnectLogic } from '../../machines/connect-account/meta-connect.machine';
import {
  selectMetaBusy,
  selectMetaError,
  selectMetaScreen,
  selectMetaStage,
  selectUnavailableMessage,
} from '../../machines/connect-account/meta-connect.selectors';
import { useInspection } from '../inspection';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { Spinner } from '../ui/spinner';
import { MetaPageChoice } from './meta-page-choice';
import { META_CONNECT_TEXT } from './meta-connect-text';

const page = css({ display: 'flex', flexDirection: 'column', gap: '4', maxW: 'xl' });
const row = css({ display: 'flex', gap: '3', alignItems: 'center', flexWrap: 'wrap' });
const backLink = css({ color: 'accent.default', textDecoration: 'underline', alignSelf: 'flex-start' });

/** /social-media/accounts/connect/instagram and /facebook: Meta's sign-in, or why the studio does not offer it. */
export function MetaConnectPage({ logic, network, returned }: { logic: MetaConnectLogic } & MetaConnectInput) {
  const actor = useActorRef(logic, { input: { network, returned }, ...useInspection() });
  const screen = useSelector(actor, selectMetaScreen);
  const error = useSelector(actor, selectMetaError);
  const unavailable = useSelector(actor, selectUnavailableMessage);
  const busy = useSelector(actor, selectMetaBusy);
  const stage = useSelector(actor, selectMetaStage);

  return (
    <section aria-labelledby="connect-title" aria-busy={busy} className={page}>
      <h1 id="connect-title" className={css({ fontSize: '2xl', fontWeight: 'bold' })}>
        {META_CONNECT_TEXT.title(network)}
      </h1>
      <p className={css({ color: 'fg.muted' })}>{META_CONNECT_TEXT.intro[network]}</p>
      {screen === 'checking' ? <Spinner label={META_CONNECT_TEXT.checking(network)} /> : null}
      {screen === 'loadingPages' ? <Spinner label={META_CONNECT_TEXT.loadingPages} /> : null}
      {screen === 'connected' ? <Spinner label={META_CONNECT_TEXT.connected} /> : null}
      {screen === 'checkFailed' ? (
        <Alert status="danger">
          {error}{' '}
          <Button variant="link" onClick={() => actor.send({ type: 'availability.retry' })}>
            {META_CONNECT_TEXT.retry}
          </Button>
        </Alert>
      ) : null}
      {screen === 'unavailable' ? (
        <>
          <Alert status="info">{unavailable}</Alert>
          <Link href={ACCOUNTS_PATH} className={backLink}>
            {META_CONNECT_TEXT.back}
          </Link>
        </>
      ) : null}
      {screen === 'continue' ? (
        <>
          {error ? <Alert status="danger">{error}</Alert> : null}
          <div className={row}>
            <Button disabled={busy} onClick={() => actor.send({ type: 'meta.start' })}>
              {stage === 'redirecting'
                ? META_CONNECT_TEXT.redirecting(network)
                : stage === 'starting'
                  ? META_CONNECT_TEXT.starting(network)
                  : META_CONNECT_TEXT.continue(network)}
            </Button>
            <Link href={ACCOUNTS_PATH} className={button({ variant: 'outline' })}>
              {META_CONNECT_TEXT.cancel}
            </Link>
          </div>
        </>
      ) : null}
      {screen === 'pages' ? <MetaPageChoice actor={actor} /> : null}
    </section>
  );
}
