import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { useSearch } from 'wouter';
import { verifyEmailMachine } from '../../machines/verify-email/verify-email.machine';
import { useApp } from '../app-context';
import { VerifyEmailPage } from './VerifyEmailPage';
import { tokenFromSearch } from '../auth-screen/token-from-search';

/** /verify-email?token=...: the mailed link confirming an address. */
export default function VerifyEmailRoute() {
  const { services } = useApp();
  const token = tokenFromSearch(useSearch());
  const logic = useMemo(
    () => verifyEmailMachine.provide({ actors: { verifyEmail: fromPromise(({ input }) => services.auth.verifyEmail(input.token)) } }),
    [services],
  );
  return <VerifyEmailPage logic={logic} token={token} />;
}
