import { Suspense, lazy } from 'react';
import { useSelector } from '@xstate/react';
import { Route, Switch } from 'wouter';
import { selectIsSignedIn } from '../machines/session.machine';
import { useApp } from './app-context';
import { ErrorBoundary } from './errors/ErrorBoundary';
import { Toaster } from './toasts/Toaster';
import { Spinner } from './ui/spinner';

// Signed-out visitors download only what the sign-in screen needs.
const AuthScreenRoute = lazy(() => import('./routes/sign-in-route'));
const VerifyEmailRoute = lazy(() => import('./routes/verify-email-route'));
const ResetPasswordRoute = lazy(() => import('./routes/reset-password-route'));
const SignedInApp = lazy(() => import('./shell/SignedInApp'));

/** Signed in: the application. Signed out: the sign-in screen, whatever the address (mailed-link pages excepted). */
export function App() {
  const { session, toasts } = useApp();
  const signedIn = useSelector(session, selectIsSignedIn);
  const restoring = useSelector(session, (s) => s.matches('restoring'));

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
