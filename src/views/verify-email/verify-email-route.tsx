import { useMemo } from 'react';
import { useSearch } from 'wouter';
import { provideVerifyEmail } from '../../machines/verify-email/verify-email.provide';
import { useApp } from '../app-context';
import { VerifyEmailPage } from './VerifyEmailPage';
import { tokenFromSearch } from '../auth-screen/token-from-search';

/** /verify-email?token=...: the mailed link confirming an address. */
export default function VerifyEmailRoute() {
  const { services } = useApp();
  const token = tokenFromSearch(useSearch());
  const logic = useMemo(() => provideVerifyEmail({ auth: services.auth }), [services]);
  return <VerifyEmailPage logic={logic} token={token} />;
}
