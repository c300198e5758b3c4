import { Suspense, lazy, type ReactNode } from 'react';
import { Route, Switch } from 'wouter';
import type { LiveFeed } from '../../qa/live-feed';
import { ErrorBoundary } from '../errors/ErrorBoundary';
import { Spinner } from '../ui/spinner';

const QaStudio = lazy(() => import('./qa-routes'));
const LivePanel = lazy(() => import('./LivePanel'));

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
        {children}
        <ErrorBoundary>
          <Suspense>
            <LivePanel feed={feed} />
          </Suspense>
        </ErrorBoundary>
      </Route>
    </Switch>
  );
}
