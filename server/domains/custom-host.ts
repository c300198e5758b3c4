import { isIP } from 'node:net';
import type { MiddlewareHandler } from 'hono';
import type { Config } from '../config';
import type { AppEnv } from '../context';
import { clientAddress } from '../http/router';
import { readdressed, type Site } from '../site/site.urls';
import { appHostOf } from './domain.service';
import type { VerifiedHosts } from './verified-hosts';

/** Answers a request for one artist's public site (server/site's createPublicSite(deps)); `client` is the visitor's address. */
export type SiteHandler = (site: Site, request: Request, client: string) => Promise<Response>;

/**
 * The name a request was sent to: the Host header (the URL's host when a test calls the app without one), port
 * stripped, lower case, without a trailing dot. X-Forwarded-Host is not read: the app trusts it nowhere else, and a
 * proxy in front (Caddy) passes the Host through as it came.
 */
export function requestHost(request: Request): string {
  const raw = request.headers.get('host') || new URL(request.url).host;
  // An IPv6 literal ('[::1]:8080') keeps its brackets, so it is never taken for a domain.
  const name = raw.startsWith('[') ? raw.slice(0, raw.indexOf(']') + 1) : raw.replace(/:\d*$/, '');
  return name.toLowerCase().replace(/\.$/, '');
}

/**
 * Serves each verified custom domain's public site: a request whose host is one is answered by `site` with the
 * artist's slug and base '' (the path as it came), and the app is not served there (/api answers 404). Any other
 * host (the studio's own, an address, an unknown or unverified name) goes on to the app. Mount it before the API
 * and the app's fallback.
 */
export function serveCustomDomains(
  deps: { config: Pick<Config, 'appUrl' | 'apiUrl' | 'trustProxyHops'>; hosts: VerifiedHosts },
  site: SiteHandler,
): MiddlewareHandler<AppEnv> {
  const own = new Set([appHostOf(deps.config), ...(deps.config.apiUrl ? [new URL(deps.config.apiUrl).hostname.toLowerCase()] : [])]);
  return async (c, next) => {
    const host = requestHost(c.req.raw);
    // Names that cannot be a custom domain are never looked up.
    if (own.has(host) || !host.includes('.') || host.startsWith('[') || isIP(host)) return next();
    const found = await deps.hosts.lookup(host);
    if (!found) return next();
    if (c.req.path === '/api' || c.req.path.startsWith('/api/')) return c.json({ message: 'Not found.' }, 404);
    if (!found.slug) return c.text('This portfolio has not been published yet.', 404, { 'Cache-Control': 'no-cache' });
    // The site's canonical addresses are https://<the domain>: TLS is done in front (README, Custom domains).
    const url = new URL(c.req.url);
    const request = readdressed(c.req.raw, `https://${host}${url.pathname}${url.search}`);
    return site({ slug: found.slug, base: '' }, request, clientAddress(c, deps.config.trustProxyHops));
  };
}
