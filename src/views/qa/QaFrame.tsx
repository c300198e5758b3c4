import { Suspense, lazy, type ReactNode } from 'react';
import { Route, Switch } from 'wouter';
import { css } from 'styled-system/css';
import type { LiveFeed } from '../../qa/live-feed';
import { ErrorBoundary } from '../errors/ErrorBoundary';
import { Spinner } from '../ui/spinner';

const QaStudio = lazy(() => import('./qa-routes'));
const LivePanel = lazy(() => import('./LivePanel'));

/**
 * The app beside the studio's own area ("qa", LivePanel): a strip above it on a phone, a column right of it on a
 * laptop. The app keeps the window's scroll and its whole width on a phone; nothing of the studio lies over it.
 */
const frame = css({
  display: 'grid',
  gridTemplateAreas: { base: '"qa" "app"', lg: '"app qa"' },
  gridTemplateColumns: { base: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) auto' },
  gridTemplateRows: { base: 'auto 1fr', lg: 'auto' },
});

/** QA mode round the app: the studio's pages under /qa instead of it, and everywhere else the app with the live panel. */
export function QaFrame({ feed, children }: { feed: LiveFeed; children: ReactNode }) {
  return (
    <Switch>
      <Route path="/qa" nest>
        <ErrorBoundary>
          <Suspense fallback={<Spinner />}>
            <QaStudio />
          </Suspense>
        </ErrorBoundary>
      </Route>
      <Route>
        <div className={frame}>
          <div className={css({ gridArea: 'app', minW: 0 })}>{children}</div>
          <ErrorBoundary>
            <Suspense>
              <LivePanel feed={feed} />
            </Suspense>
          </ErrorBoundary>
        </div>
      </Route>
    </Switch>
  );
}
