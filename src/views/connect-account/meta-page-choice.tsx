import { useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { css, cx } from 'styled-system/css';
import { button } from 'styled-system/recipes/button';
import { card } from 'styled-system/recipes/card';
import { ACCOUNTS_PATH } from '../../machines/connect-account/connect-account.machine';
import type { MetaConnectRef } from '../../machines/connect-account/meta-connect.machine';
import { selectChosenPage, selectMetaBusy, selectMetaError, selectPages } from '../../machines/connect-account/meta-connect.selectors';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { META_CONNECT_TEXT } from './meta-connect-text';

/** The Facebook Pages the person manages, each with Connect; Start again signs in anew. */
export function MetaPageChoice({ actor }: { actor: MetaConnectRef }) {
  const pages = useSelector(actor, selectPages);
  const chosen = useSelector(actor, selectChosenPage);
  const error = useSelector(actor, selectMetaError);
  const busy = useSelector(actor, selectMetaBusy);
  return (
    <>
      {error ? <Alert status="danger">{error}</Alert> : null}
      <h2 id="pages-title" className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
        {META_CONNECT_TEXT.pagesTitle}
      </h2>
      <p className={css({ color: 'fg.muted' })}>{META_CONNECT_TEXT.pagesHint}</p>
      <ul aria-labelledby="pages-title" className={css({ display: 'flex', flexDirection: 'column', gap: '3', listStyle: 'none' })}>
        {pages.map((p) => (
          <li
            key={p.pageId}
            className={cx(
              card(),
              css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '3', flexWrap: 'wrap' }),
            )}
          >
            <span className={css({ fontWeight: 'medium', overflowWrap: 'anywhere' })}>{p.name}</span>
            <Button
              size="sm"
              disabled={busy}
              aria-label={`${META_CONNECT_TEXT.connectPage} ${p.name}`}
              onClick={() => actor.send({ type: 'page.choose', pageId: p.pageId })}
            >
              {chosen === p.pageId ? META_CONNECT_TEXT.connectingPage : META_CONNECT_TEXT.connectPage}
            </Button>
          </li>
        ))}
      </ul>
      <div className={css({ display: 'flex', gap: '3', flexWrap: 'wrap' })}>
        <Button variant="outline" disabled={busy} onClick={() => actor.send({ type: 'meta.start' })}>
          {META_CONNECT_TEXT.startAgain}
        </Button>
        <Link href={ACCOUNTS_PATH} className={button({ variant: 'ghost' })}>
          {META_CONNECT_TEXT.cancel}
        </Link>
      </div>
    </>
  );
}
