import type { Http } from './http';
import {
  customDomainAnswerSchema,
  customDomainSchema,
  domainVerifyResultSchema,
  type CustomDomain,
  type DomainVerifyResult,
} from '../schemas/domain.schema';
import { call } from './api-error';

/** The artist's custom domain: read it, set it, check its TXT record, remove it. No cache: each answer is the server's now. */
export const createDomainsService = (http: Http) => ({
  get: (): Promise<CustomDomain | null> => call(async () => customDomainAnswerSchema.parse((await http.get('/domains')).data)),
  save: (domain: string): Promise<CustomDomain> =>
    call(async () => customDomainSchema.parse((await http.put('/domains', { domain })).data)),
  verify: (): Promise<DomainVerifyResult> => call(async () => domainVerifyResultSchema.parse((await http.post('/domains/verify')).data)),
  remove: (): Promise<void> =>
    call(async () => {
      await http.delete('/domains');
    }),
});

export type DomainsService = ReturnType<typeof createDomainsService>;
