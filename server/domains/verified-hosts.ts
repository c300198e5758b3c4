export type VerifiedSite = { slug: string | null } | null;

export interface VerifiedHosts {
  /** The site `host` serves if it is a verified custom domain, else null; answered from memory for a few seconds. */
  lookup(host: string): Promise<VerifiedSite>;
  /** Drops what this instance remembers of `host` (its artist changed or verified it here). */
  forget(host: string): void;
}

export interface VerifiedHostsOptions {
  ttlMs?: number;
  maxEntries?: number;
  now?: () => number;
}

/**
 * Verified-domain lookups kept briefly in memory, so a page and its images do not each ask the database. Unknown
 * hosts are remembered too (a scanner trying names costs one query per name per TTL). The TTL is short because
 * several instances share the database: a domain verified or removed on another one shows here within it. Bounded:
 * past `maxEntries` the oldest entry goes. Concurrent lookups of one host share one query.
 */
export function createVerifiedHosts(
  find: (host: string) => Promise<VerifiedSite>,
  { ttlMs = 5000, maxEntries = 1000, now = Date.now }: VerifiedHostsOptions = {},
): VerifiedHosts {
  const entries = new Map<string, { until: number; site: Promise<VerifiedSite> }>();
  return {
    lookup(host) {
      const cached = entries.get(host);
      if (cached && cached.until > now()) return cached.site;
      entries.delete(host);
      const site = find(host);
      entries.set(host, { until: now() + ttlMs, site });
      // Neither a failed query nor a domain whose artist has not published yet is remembered: the first publish shows at once.
      const drop = () => entries.get(host)?.site === site && entries.delete(host);
      site.then((found) => found && !found.slug && drop(), drop);
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
      return site;
    },
    forget(host) {
      entries.delete(host);
    },
  };
}
