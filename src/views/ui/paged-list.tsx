import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import { Alert } from './alert';
import { Button } from './button';
import { Spinner } from './spinner';

export interface PagedListProps {
  /** The chart's view: reading the first page, could not, nothing to list, or the list. */
  view: 'loading' | 'failed' | 'empty' | 'loaded';
  text: { loading: string; error: string; loadMore: string };
  /** The list's accessible name. */
  label: string;
  /** What an empty list says, with its one way forward. */
  empty: ReactNode;
  /** A later reading failed: said under the list, which stays. */
  failedLater: boolean;
  /** Older items wait behind the cursor, or are being read. */
  hasMore: boolean;
  canLoadMore: boolean;
  loadingMore: boolean;
  onRetry: () => void;
  onLoadMore: () => void;
  /** The items, each an `li`. */
  children: ReactNode;
}

/** The body every list page shares (the journal, the inquiries): loading, failed with Try again, empty, or the list. */
export function PagedList(props: PagedListProps) {
  const { view, text } = props;
  if (view === 'loading') return <Spinner label={text.loading} />;
  if (view === 'failed')
    return (
      <Alert status="danger">
        {text.error}{' '}
        <Button variant="link" onClick={props.onRetry}>
          Try again
        </Button>
      </Alert>
    );
  if (view === 'empty') return props.empty;
  return (
    <>
      <ul aria-label={props.label} className={css({ display: 'flex', flexDirection: 'column', gap: '3', listStyle: 'none' })}>
        {props.children}
      </ul>
      {props.failedLater ? <Alert status="danger">{text.error}</Alert> : null}
      {/* Stays in place (disabled) while an item is acted on, so the way to older items never goes. */}
      {props.hasMore || props.loadingMore ? (
        <Button variant="outline" disabled={!props.canLoadMore} onClick={props.onLoadMore} className={css({ alignSelf: 'center' })}>
          {props.loadingMore ? 'Loading...' : text.loadMore}
        </Button>
      ) : null}
    </>
  );
}
