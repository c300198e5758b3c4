import { isIP } from 'node:net';
import { verifyRecordName, verifyRecordValue, type CustomDomain, type DnsRecord, type DomainCheck } from '../../src/schemas/domain.schema';
import type { Config } from '../config';
import type { CustomDomainRow } from './domain.repo';
import type { TxtResolver } from './dns-resolver';

/** The host the studio itself answers on (APP_URL's), which is also where a custom domain's CNAME points. */
export const appHostOf = (config: Pick<Config, 'appUrl'>) => new URL(config.appUrl).hostname.toLowerCase();

/** The records the artist must create: the TXT proof, and a CNAME to the studio (or A/AAAA when the operator lists addresses). */
export function toDomainDto(row: CustomDomainRow, config: Pick<Config, 'appUrl' | 'domains'>): CustomDomain {
  const routing: DnsRecord[] = config.domains.targetIps.length
    ? config.domains.targetIps.map((ip) => ({ type: isIP(ip) === 6 ? 'AAAA' : 'A', name: row.domain, value: ip }))
    : [{ type: 'CNAME', name: row.domain, value: appHostOf(config) }];
  return {
    domain: row.domain,
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
    checkedAt: row.checkedAt?.toISOString() ?? null,
    verification: { type: 'TXT', name: verifyRecordName(row.domain), value: verifyRecordValue(row.token) },
    routing,
  };
}

/** Answers that say the record is not there (the name or its TXT records do not exist), as opposed to no answer at all. */
const NOT_THERE = new Set(['ENOTFOUND', 'ENODATA']);
const TIMED_OUT = new Set(['ETIMEOUT', 'ECANCELLED']);

/**
 * Looks for the TXT record of `token` at _artist-studio.<domain>. Never throws: a DNS failure or timeout is an outcome
 * the artist is told about, with what was seen when the name holds other values.
 */
export async function checkDomain(resolver: TxtResolver, domain: string, token: string): Promise<DomainCheck> {
  const name = verifyRecordName(domain);
  const expected = verifyRecordValue(token);
  let seen: string[];
  try {
    // A TXT record may be split into strings of 255 bytes; they are one value.
    seen = (await resolver.resolveTxt(name)).map((parts) => parts.join(''));
  } catch (err) {
    const code = (err as { code?: string }).code ?? '';
    if (NOT_THERE.has(code)) {
      return {
        outcome: 'notFound',
        seen: [],
        message: `No TXT record found at ${name} yet. DNS changes can take a while to arrive; check again later.`,
      };
    }
    const why = TIMED_OUT.has(code) ? 'did not answer in time' : `failed${code ? ` (${code})` : ''}`;
    return { outcome: 'failed', seen: [], message: `The DNS lookup for ${name} ${why}. Try again in a moment.` };
  }
  if (seen.some((value) => value.trim() === expected)) {
    return { outcome: 'verified', seen, message: `Verified: the TXT record at ${name} was found.` };
  }
  return {
    outcome: 'notFound',
    seen,
    message: `The TXT record at ${name} does not hold ${expected} yet. DNS changes can take a while to arrive; check again later.`,
  };
}
