import { fromPromise } from 'xstate';
import type { DomainsService } from '../../services/domains.service';
import { customDomainMachine } from './custom-domain.machine';

export interface CustomDomainDeps {
  domains: Pick<DomainsService, 'get' | 'save' | 'verify' | 'remove'>;
  /** Puts text on the clipboard (navigator.clipboard in the app). */
  copy: (text: string) => void;
}

/** The Custom domain screen with the domains service's calls. */
export const provideCustomDomain = ({ domains, copy }: CustomDomainDeps) =>
  customDomainMachine.provide({
    actors: {
      loadDomain: fromPromise(() => domains.get()),
      saveDomain: fromPromise(({ input }) => domains.save(input)),
      verifyDomain: fromPromise(() => domains.verify()),
      removeDomain: fromPromise(() => domains.remove()),
    },
    actions: { copyText: (_, text) => copy(text) },
  });
