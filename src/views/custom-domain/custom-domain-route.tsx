import { useMemo } from 'react';
import { provideCustomDomain } from '../../machines/custom-domain/custom-domain.provide';
import { createDomainsService } from '../../services/domains.service';
import { useApp } from '../app-context';
import { CustomDomainPage } from './CustomDomainPage';

/** /portfolio/domain: the public portfolio on the artist's own domain. */
export default function CustomDomainRoute() {
  const { http } = useApp();
  const logic = useMemo(
    () =>
      provideCustomDomain({
        domains: createDomainsService(http),
        // A refused clipboard (no permission) leaves the value on screen to select by hand.
        copy: (text) => void navigator.clipboard?.writeText(text).catch(() => undefined),
      }),
    [http],
  );
  return <CustomDomainPage logic={logic} />;
}
