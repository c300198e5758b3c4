import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import type { ActorRef, Snapshot } from 'xstate';
import { css } from 'styled-system/css';
import type { PagedListEvent } from '../../machines/shared/paged-list.machine';
import {
  selectCanLoadMore,
  selectError,
  selectHasMore,
  selectIsLoadingMore,
  selectView,
  type ListSnapshot,
} from '../../machines/shared/paged-list.selectors';
import { Alert } from './alert';
import { Button } from './button';
import { Spinner } from './spinner';

/** Any list chart's actor (pagedListMachine), as far as its body reads and tells it. */
export type PagedListActor = ActorRef<Snapshot<unknown> & ListSnapshot<unknown, unknown, unknown>, PagedListEvent<never>>;

export interface PagedListProps {
  actor: PagedListActor;
  /** A page shorter than this is the last one (the chart's own page size, when it has one). */
  pageSize?: number;
  text: { loading: string; error: string; loadMore: string };
  /** The list's accessible name. */
  label: string;
  /** What an empty list says, with its one way forward. */
  empty: ReactNode;
  /** The items, each an `li`. */
  children: ReactNode;
}

/** The body every list page shares (the journal, the inquiries): loading, failed with Try again, empty, or the list. */
export function PagedList({ actor, pageSize, text, label, empty, children }: PagedListProps) {
  const view = useSelector(actor, selectView);
  const failedLater = useSelector(actor, selectError) !== null;
  const hasMore = useSelector(actor, selectHasMore(pageSize));
  const canLoadMore = useSelector(actor, selectCanLoadMore);
  const loadingMore = useSelector(actor, selectIsLoadingMore);
  if (view === 'loading') return <Spinner label={text.loading} />;
  if (view === 'failed')
    return (
      <Alert status="danger">
        {text.error}{' '}
        <Button variant="link" onClick={() => actor.send({ type: 'list.retry' })}>
          Try again
        </Button>
      </Alert>
    );
  if (view === 'empty') return empty;
  return (
    <>
      <ul aria-label={label} className={css({ display: 'flex', flexDirection: 'column', gap: '3', listStyle: 'none' })}>
        {children}
      </ul>
      {failedLater ? <Alert status="danger">{text.error}</Alert> : null}
      {/* Stays in place (disabled) while an item is acted on, so the way to older items never goes. */}
      {hasMore || loadingMore ? (
        <Button
          variant="outline"
          disabled={!canLoadMore}
          onClick={() => actor.send({ type: 'list.loadMore' })}
          className={css({ alignSelf: 'center' })}
        >
          {loadingMore ? 'Loading...' : text.loadMore}
        </Button>
      ) : null}
    </>
  );
}
