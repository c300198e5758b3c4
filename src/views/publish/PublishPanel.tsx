import { useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { format } from 'date-fns';
import { css } from 'styled-system/css';
import type { publishMachine } from '../../machines/publish/publish.machine';
import { selectError, selectResult, selectReview, selectState } from '../../machines/publish/publish.selectors';
import { previewSummary } from '../../schemas/publish.schema';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { TextField } from '../ui/field';
import { panelClass } from '../ui/panel';
import { Spinner } from '../ui/spinner';
import { useInspection } from '../inspection';

const linkClass = css({ fontWeight: 'semibold', textDecoration: 'underline', overflowWrap: 'anywhere' });

export const PUBLISH_TEXT = {
  publish: 'Publish',
  reviewing: 'Checking what will change...',
  review: 'Publishing will update your public site:',
  firstReview: 'Your public site will show:',
  confirm: 'Publish now',
  publishing: 'Publishing...',
} as const;

/**
 * Publish: one button that publishes the public portfolio, and where it lives since the last publish; the address
 * (/p/<slug>) may be changed before publishing (the previous one then leads to the new one). What publishing would
 * change shows first ("3 new works, 1 removed, 1 collection"), and it publishes once the artist confirms.
 */
export function PublishPanel({ logic }: { logic: typeof publishMachine }) {
  const actor = useActorRef(logic, useInspection());
  const state = useSelector(actor, selectState);
  const result = useSelector(actor, selectResult);
  const error = useSelector(actor, selectError);
  const review = useSelector(actor, selectReview);
  const busy = state === 'publishing';
  // What the artist typed in Address; until they type, the address the portfolio has.
  const [typed, setTyped] = useState<string | null>(null);
  const slug = typed ?? result?.slug ?? '';
  const changed = slug.trim() !== '' && slug.trim().toLowerCase() !== result?.slug;
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '3', alignItems: 'flex-start' })} data-state={state}>
      <TextField
        label="Address"
        name="slug"
        value={slug}
        onValueChange={setTyped}
        hint="Your portfolio's address: /p/ followed by 3-40 lowercase letters, digits and hyphens. Leave it as it is to keep it."
        autoComplete="off"
        maxLength={60}
        disabled={busy || review !== null}
      />
      {review ? (
        <section aria-label="Review before publishing" className={panelClass}>
          {review.preview ? (
            <p>
              {review.preview.firstPublish ? PUBLISH_TEXT.firstReview : PUBLISH_TEXT.review}{' '}
              <strong data-testid="publish-summary">{previewSummary(review.preview)}</strong>
            </p>
          ) : (
            <Spinner label={PUBLISH_TEXT.reviewing} />
          )}
          <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>
            {review.preview ? <Button onClick={() => actor.send({ type: 'publish.confirm' })}>{PUBLISH_TEXT.confirm}</Button> : null}
            <Button variant="outline" onClick={() => actor.send({ type: 'publish.cancel' })}>
              Cancel
            </Button>
          </div>
        </section>
      ) : (
        <Button onClick={() => actor.send({ type: 'publish.start', ...(changed ? { slug: slug.trim() } : {}) })} disabled={busy}>
          {busy ? PUBLISH_TEXT.publishing : PUBLISH_TEXT.publish}
        </Button>
      )}
      {state === 'failed' ? <Alert status="danger">{error}</Alert> : null}
      {result && !busy && !review ? (
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
