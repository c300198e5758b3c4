import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { useSearch } from 'wouter';
import { authScreenMachine } from '../../machines/auth-screen.machine';
import { resetPasswordMachine } from '../../machines/reset-password.machine';
import { verifyEmailMachine } from '../../machines/verify-email.machine';
import { useApp } from '../app-context';
import { AuthScreen } from '../auth/AuthScreen';
import { ResetPasswordPage } from '../auth/ResetPasswordPage';
import { VerifyEmailPage } from '../auth/VerifyEmailPage';

/** Route adapters: each gives its page the machine with the real services injected. */
export function AuthScreenRoute() {
  const { session, services } = useApp();
  const logic = useMemo(
    () =>
      authScreenMachine.provide({
        actors: {
          signIn: fromPromise(({ input }) => services.auth.signIn(input)),
          createAccount: fromPromise(({ input }) => services.auth.createAccount(input)),
          forgotPassword: fromPromise(({ input }) => services.auth.forgotPassword(input)),
          resendVerification: fromPromise(({ input }) => services.auth.resendVerification(input.email)),
        },
        actions: { signedIn: (_, tokens) => session.send({ type: 'session.signedIn', session: tokens }) },
      }),
    [services, session],
  );
  return <AuthScreen logic={logic} />;
}

const tokenFromSearch = (search: string) => new URLSearchParams(search).get('token') ?? '';

export function VerifyEmailRoute() {
  const { services } = useApp();
  const token = tokenFromSearch(useSearch());
  const logic = useMemo(
    () => verifyEmailMachine.provide({ actors: { verifyEmail: fromPromise(({ input }) => services.auth.verifyEmail(input.token)) } }),
    [services],
  );
  return <VerifyEmailPage logic={logic} token={token} />;
}

export function ResetPasswordRoute() {
  const { services } = useApp();
  const token = tokenFromSearch(useSearch());
  const logic = useMemo(
    () => resetPasswordMachine.provide({ actors: { resetPassword: fromPromise(({ input }) => services.auth.resetPassword(input)) } }),
    [services],
  );
  return <ResetPasswordPage logic={logic} token={token} />;
}
