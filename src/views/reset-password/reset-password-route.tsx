import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { useSearch } from 'wouter';
import { resetPasswordMachine } from '../../machines/reset-password/reset-password.machine';
import { useApp } from '../app-context';
import { ResetPasswordPage } from './ResetPasswordPage';
import { tokenFromSearch } from '../auth-screen/token-from-search';

/** /reset-password?token=...: the mailed link to choose a new password. */
export default function ResetPasswordRoute() {
  const { services } = useApp();
  const token = tokenFromSearch(useSearch());
  const logic = useMemo(
    () => resetPasswordMachine.provide({ actors: { resetPassword: fromPromise(({ input }) => services.auth.resetPassword(input)) } }),
    [services],
  );
  return <ResetPasswordPage logic={logic} token={token} />;
}
