import {
  allowedQuerySchema,
  customDomainAnswerSchema,
  customDomainSchema,
  domainInputSchema,
  domainSchema,
  domainVerifyResultSchema,
} from '../../src/schemas/domain.schema';
import { hit, networkOf, type Limit } from '../auth/rate-limit';
import { requireUser } from '../auth/require-user';
import type { AppDeps } from '../context';
import { Invalid, NotFound, VALIDATION_MESSAGE } from '../errors';
import { ApiRouter } from '../http/api-router';
import { clientAddress, errorDoc } from '../http/router';
import { findDomainOf, recordCheck, removeDomain, setDomain } from './domain.repo';
import { appHostOf, checkDomain, toDomainDto } from './domain.service';

const tag = 'Custom domain';
const errors = { 400: errorDoc('Invalid input'), 401: errorDoc('Not signed in') };

/** A check asks the DNS: an artist pressing "Check now" again and again gets a pause; a TLS proxy asks once per new name. */
export const DOMAIN_LIMITS = {
  checkPerUser: { name: 'domain-check:user', max: 20, windowSeconds: 10 * 60 },
  allowedPerAddress: { name: 'domain-allowed:ip', max: 300, windowSeconds: 60 },
} satisfies Record<string, Limit>;

export const OWN_HOST_MESSAGE = "This is the studio's own address. Enter a domain of your own.";

/** The artist's custom domain: set it, see the records to create, check them, remove it; and the TLS proxy's question. */
export function domainRoutes(deps: AppDeps) {
  const api = new ApiRouter(requireUser(deps));
  const { db, config } = deps;
  const { hosts, resolver } = deps.domains;
  const answer = (row: Parameters<typeof toDomainDto>[0]) => toDomainDto(row, config);

  api.openapi(
    {
      method: 'get',
      path: '/domains',
      summary: "The artist's custom domain with the DNS records to create and whether it is verified (null: none set)",
      tag,
      auth: true,
      responses: { 200: { description: 'The domain, or null', schema: customDomainAnswerSchema }, ...errors },
    },
    async (c) => {
      const row = await findDomainOf(db, c.var.auth.user.userId);
      return c.json(row ? answer(row) : null, 200);
    },
  );

  api.openapi(
    {
      method: 'put',
      path: '/domains',
      summary:
        'Set the custom domain; a new one gets a new token and must be verified again. Another artist may have claimed it ' +
        'unverified (the first to verify takes it); one another artist verified is a 409',
      tag,
      auth: true,
      body: domainInputSchema,
      responses: {
        200: { description: 'The domain and its records', schema: customDomainSchema },
        409: errorDoc('Another artist has verified this domain'),
        ...errors,
      },
    },
    async (c, { body: { domain } }) => {
      const own = [appHostOf(config), ...(config.apiUrl ? [new URL(config.apiUrl).hostname.toLowerCase()] : [])];
      if (own.includes(domain)) throw new Invalid(VALIDATION_MESSAGE, { fieldErrors: { domain: [OWN_HOST_MESSAGE] } });
      const { row, previous } = await setDomain(db, c.var.auth.user.userId, domain);
      if (previous) hosts.forget(previous);
      return c.json(answer(row), 200);
    },
  );

  api.openapi(
    {
      method: 'delete',
      path: '/domains',
      summary: 'Remove the custom domain; the public site is no longer served on it',
      tag,
      auth: true,
      responses: { 204: { description: 'Removed (or there was none)' }, ...errors },
    },
    async (c) => {
      const removed = await removeDomain(db, c.var.auth.user.userId);
      if (removed) hosts.forget(removed);
      return c.body(null, 204);
    },
  );

  api.openapi(
    {
      method: 'post',
      path: '/domains/verify',
      summary:
        'Look for the TXT record now; answers what was found (or not yet) and the domain as it stands. Found, the domain is ' +
        "this artist's: other artists' unverified claims of it are released",
      tag,
      auth: true,
      responses: {
        200: { description: 'The check and the domain', schema: domainVerifyResultSchema },
        404: errorDoc('No domain set'),
        409: errorDoc('Found, but another artist verified this domain first'),
        429: errorDoc('Too many checks'),
        ...errors,
      },
    },
    async (c) => {
      const { userId } = c.var.auth.user;
      const row = await findDomainOf(db, userId);
      if (!row) throw new NotFound('Set a domain first.');
      await hit(db, DOMAIN_LIMITS.checkPerUser, userId);
      const check = await checkDomain(resolver, row.domain, row.token);
      // Changed or removed meanwhile: the answer describes the domain as it is now.
      const updated = (await recordCheck(db, userId, row.token, check.outcome)) ?? (await findDomainOf(db, userId));
      if (!updated) throw new NotFound('Set a domain first.');
      hosts.forget(row.domain);
      return c.json({ check, domain: answer(updated) }, 200);
    },
  );

  api.openapi(
    {
      method: 'get',
      path: '/domains/allowed',
      summary: "Whether a host is a verified custom domain: a TLS proxy's on-demand certificate check (no sign-in)",
      tag,
      query: allowedQuerySchema,
      responses: {
        200: { description: 'Verified: a certificate may be issued for it' },
        404: errorDoc('Not a verified custom domain'),
        429: errorDoc('Too many questions from this address'),
      },
    },
    async (c, { query }) => {
      await hit(db, DOMAIN_LIMITS.allowedPerAddress, networkOf(clientAddress(c, config.trustProxyHops)));
      const parsed = domainSchema.safeParse(query.domain);
      if (!parsed.success || !(await hosts.lookup(parsed.data))) throw new NotFound('Not a verified custom domain.');
      return c.json({ domain: parsed.data }, 200);
    },
  );
  return api;
}
