import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { authScreenMachine } from '../../machines/auth-screen/auth-screen.machine';
import { useApp } from '../app-context';
import { AuthScreen } from './AuthScreen';

/** The sign-in screen (Sign In, Create Account, Forgot Password) with the real auth service injected. */
export default function SignInRoute() {
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
