import { useMemo } from 'react';
import { useSearch } from 'wouter';
import { provideResetPassword } from '../../machines/reset-password/reset-password.provide';
import { useApp } from '../app-context';
import { ResetPasswordPage } from './ResetPasswordPage';
import { tokenFromSearch } from '../auth-screen/token-from-search';

/** /reset-password?token=...: the mailed link to choose a new password. */
export default function ResetPasswordRoute() {
  const { services } = useApp();
  const token = tokenFromSearch(useSearch());
  const logic = useMemo(() => provideResetPassword({ auth: services.auth }), [services]);
  return <ResetPasswordPage logic={logic} token={token} />;
}
