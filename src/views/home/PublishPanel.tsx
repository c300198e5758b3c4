import { useActorRef, useSelector } from '@xstate/react';
import { format } from 'date-fns';
import { css } from 'styled-system/css';
import type { publishMachine } from '../../machines/publish.machine';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';

/** Publish: one button that publishes the public portfolio, then shows where it lives. */
export function PublishPanel({ logic }: { logic: typeof publishMachine }) {
  const actor = useActorRef(logic);
  const state = useSelector(actor, (s) => String(s.value));
  const { result, error } = useSelector(actor, (s) => s.context);
  const busy = state === 'publishing';
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '3', alignItems: 'flex-start' })} data-state={state}>
      <Button onClick={() => actor.send({ type: 'publish.start' })} disabled={busy}>
        {busy ? 'Publishing...' : 'Publish'}
      </Button>
      {state === 'published' && result ? (
        <Alert status="success">
          Your portfolio is published ({result.artworkCount} {result.artworkCount === 1 ? 'artwork' : 'artworks'},{' '}
          {format(new Date(result.publishedAt), 'MMM d, yyyy h:mm a')}):{' '}
          <a href={result.url} target="_blank" rel="noreferrer" className={css({ fontWeight: 'semibold', textDecoration: 'underline' })}>
            {result.url}
          </a>
        </Alert>
      ) : null}
      {state === 'failed' ? <Alert status="danger">{error}</Alert> : null}
    </div>
  );
}
