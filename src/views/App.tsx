import { Suspense, lazy } from 'react';
import { useSelector } from '@xstate/react';
import { Route, Switch } from 'wouter';
import { selectIsRestoring, selectIsSignedIn } from '../machines/session/session.selectors';
import { useApp } from './app-context';
import { ErrorBoundary } from './errors/ErrorBoundary';
import { Toaster } from './toasts/Toaster';
import { Spinner } from './ui/spinner';
import AuthScreenRoute from './auth-screen/sign-in-route';

// Signed-out visitors download only what the sign-in screen needs, in the entry itself: one file instead of a
// cascade of small ones, each with its own request and headers. Everything after sign-in loads lazily.
const VerifyEmailRoute = lazy(() => import('./verify-email/verify-email-route'));
const ResetPasswordRoute = lazy(() => import('./reset-password/reset-password-route'));
const SignedInApp = lazy(() => import('./shell/SignedInApp'));

/** Signed in: the application. Signed out: the sign-in screen, whatever the address (mailed-link pages excepted). */
export function App() {
  const { session, toasts } = useApp();
  const signedIn = useSelector(session, selectIsSignedIn);
  const restoring = useSelector(session, selectIsRestoring);

  return (
    <ErrorBoundary>
      <Suspense fallback={<Spinner />}>
        {restoring ? (
          <Spinner />
        ) : (
          <Switch>
            <Route path="/verify-email" component={VerifyEmailRoute} />
            <Route path="/reset-password" component={ResetPasswordRoute} />
            <Route>{signedIn ? <SignedInApp /> : <AuthScreenRoute />}</Route>
          </Switch>
        )}
      </Suspense>
      <Toaster toasts={toasts} />
    </ErrorBoundary>
  );
}
