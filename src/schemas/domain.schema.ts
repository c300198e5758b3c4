import * as z from 'zod/mini';
import { text } from './text.schema';

/**
 * A custom domain for the public portfolio. Typed in any case and with or without the root's trailing dot
 * ('Art.Example.com.'), it is kept lower case without the dot. An IP address has no TLD, so it is refused too.
 */
export const domainSchema = text(
  'Domain',
  [
    z.trim(),
    z.toLowerCase(),
    z.overwrite((value: string) => value.replace(/\.$/, '')),
    z.minLength(1, { error: 'Domain is required' }),
    z.maxLength(253, { error: 'Domain must be at most 253 characters' }),
    z.regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]+$/i, { error: 'Invalid domain format' }),
    z.regex(/\.[a-z]{2,}$/i, { error: 'Invalid TLD format' }),
  ],
  { error: 'Domain is required' },
);

/** PUT /api/domains: the domain the artist wants their public site on. */
export const domainInputSchema = z.object({ domain: domainSchema });
export type DomainInput = z.infer<typeof domainInputSchema>;

/** Where the verification token goes: a TXT record at this label under the domain. */
export const VERIFY_LABEL = '_artist-studio';
export const verifyRecordName = (domain: string) => `${VERIFY_LABEL}.${domain}`;
export const verifyRecordValue = (token: string) => `artist-studio-verify=${token}`;

const dnsRecord = z.object({ type: z.enum(['TXT', 'CNAME', 'A', 'AAAA']), name: z.string(), value: z.string() });
export type DnsRecord = z.infer<typeof dnsRecord>;

/** GET /api/domains: the artist's domain, the records to create for it, and whether it is verified (null: none set). */
export const customDomainSchema = z.object({
  domain: z.string(),
  verifiedAt: z.nullable(z.string()),
  checkedAt: z.nullable(z.string()),
  /** The TXT record proving the domain is the artist's. */
  verification: dnsRecord,
  /** Where the domain's traffic must go: a CNAME to the studio's host, or A/AAAA records when the operator lists addresses. */
  routing: z.array(dnsRecord),
});
export type CustomDomain = z.infer<typeof customDomainSchema>;
export const customDomainAnswerSchema = z.nullable(customDomainSchema);

/** What a check found: the record ('verified'), not yet ('notFound', with what the name does hold), or no answer ('failed'). */
export const domainCheckSchema = z.object({
  outcome: z.enum(['verified', 'notFound', 'failed']),
  message: z.string(),
  /** The TXT values found at the record's name (none when it does not exist). */
  seen: z.array(z.string()),
});
export type DomainCheck = z.infer<typeof domainCheckSchema>;

/** POST /api/domains/verify answers the check and the domain as it now stands. */
export const domainVerifyResultSchema = z.object({ check: domainCheckSchema, domain: customDomainSchema });
export type DomainVerifyResult = z.infer<typeof domainVerifyResultSchema>;

/** GET /api/domains/allowed?domain=: the question a TLS proxy asks before getting a certificate. */
export const allowedQuerySchema = z.object({ domain: z.string() });
