import { useActorRef, useSelector } from '@xstate/react';
import { format } from 'date-fns';
import { css } from 'styled-system/css';
import type { publishMachine } from '../../machines/publish/publish.machine';
import { selectError, selectResult, selectState } from '../../machines/publish/publish.selectors';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { qaInspect } from '../../qa/qa-mode';

const linkClass = css({ fontWeight: 'semibold', textDecoration: 'underline', overflowWrap: 'anywhere' });

/** Publish: one button that publishes the public portfolio, and where it lives since the last publish. */
export function PublishPanel({ logic }: { logic: typeof publishMachine }) {
  const actor = useActorRef(logic, qaInspect);
  const state = useSelector(actor, selectState);
  const result = useSelector(actor, selectResult);
  const error = useSelector(actor, selectError);
  const busy = state === 'publishing';
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '3', alignItems: 'flex-start' })} data-state={state}>
      <Button onClick={() => actor.send({ type: 'publish.start' })} disabled={busy}>
        {busy ? 'Publishing...' : 'Publish'}
      </Button>
      {state === 'failed' ? <Alert status="danger">{error}</Alert> : null}
      {result && !busy ? (
        <Alert status={state === 'published' ? 'success' : 'info'}>
          {state === 'published' ? 'Your portfolio is published' : 'Last published'}
          {result.artworkCount !== undefined
            ? ` (${result.artworkCount} ${result.artworkCount === 1 ? 'artwork' : 'artworks'})`
            : ''} on <time dateTime={result.publishedAt}>{format(new Date(result.publishedAt), 'MMM d, yyyy h:mm a')}</time>:{' '}
          <a href={result.url} target="_blank" rel="noreferrer" className={linkClass}>
            {result.url}
          </a>
        </Alert>
      ) : null}
    </div>
  );
}
