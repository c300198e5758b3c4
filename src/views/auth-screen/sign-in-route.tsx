import { useMemo } from 'react';
import { provideAuthScreen } from '../../machines/auth-screen/auth-screen.provide';
import { useApp } from '../app-context';
import { AuthScreen } from './AuthScreen';

/** The sign-in screen (Sign In, Create Account, Forgot Password) with the real auth service injected. */
export default function SignInRoute() {
  const { session, services } = useApp();
  const logic = useMemo(
    () => provideAuthScreen({ auth: services.auth, signedIn: (tokens) => session.send({ type: 'session.signedIn', session: tokens }) }),
    [services, session],
  );
  return <AuthScreen logic={logic} />;
}
