import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import type { Config } from '../config';
import type { AppEnv } from '../context';

/** Addresses the app's scripts may call besides its own origin: an API elsewhere, the bucket that takes uploads. */
export function connectSources(config: Pick<Config, 'apiUrl' | 'storage'>): string[] {
  const sources = new Set<string>(["'self'"]);
  if (config.apiUrl) sources.add(new URL(config.apiUrl).origin);
  const s3 = config.storage;
  if (s3.kind === 's3') {
    if (s3.endpoint) {
      const endpoint = new URL(s3.endpoint);
      // Path-style buckets live at the endpoint; virtual-hosted ones at a subdomain named for the bucket.
      sources.add(s3.forcePathStyle ? endpoint.origin : `${endpoint.protocol}//${s3.bucket}.${endpoint.host}`);
    } else {
      sources.add(`https://${s3.bucket}.s3.${s3.region}.amazonaws.com`);
      sources.add(`https://${s3.bucket}.s3.amazonaws.com`);
    }
  }
  return [...sources];
}

// Features the product never uses are denied to the page and to anything it could ever embed.
const PERMISSIONS = Object.fromEntries(
  ['camera', 'microphone', 'geolocation', 'payment', 'usb', 'browsingTopics'].map((f) => [f, false]),
) as Record<string, false>;

const COMMON = {
  // Pages and stored files that set their own policy (the public portfolio, uploaded media) keep it.
  overwrite: false,
  strictTransportSecurity: false,
  xFrameOptions: 'DENY',
  referrerPolicy: 'strict-origin-when-cross-origin',
  crossOriginOpenerPolicy: 'same-origin',
  // Published artwork images may be shown by other sites (link previews, embeds).
  crossOriginResourcePolicy: false,
  permissionsPolicy: PERMISSIONS,
} as const;

/**
 * Security headers on every answer: a strict policy for the app's pages (its scripts and styles come only from
 * the build, nothing may frame it), a closed one for API answers (JSON is never a page), HSTS when the visitor
 * came over HTTPS, and no caching of API answers unless the route chose a policy itself.
 */
export function securityHeaders(config: Pick<Config, 'apiUrl' | 'storage' | 'trustProxyHops' | 'qa'>): MiddlewareHandler<AppEnv> {
  const page = secureHeaders({
    ...COMMON,
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      // The QA studio lays charts out with Graphviz compiled to WebAssembly; the artist's app never compiles any.
      scriptSrc: config.qa.tools ? ["'self'", "'wasm-unsafe-eval'"] : ["'self'"],
      styleSrc: ["'self'"],
      imgSrc: ["'self'", 'blob:', 'data:'],
      mediaSrc: ["'self'", 'blob:'],
      fontSrc: ["'self'"],
      connectSrc: connectSources(config),
      frameAncestors: ["'none'"],
      baseUri: ["'none'"],
      formAction: ["'self'"],
      objectSrc: ["'none'"],
    },
  });
  // Scripts and styles are not documents: a page policy on them does nothing, and on a phone every header byte
  // of every file counts against the sign-in screen's download.
  const asset = secureHeaders({
    ...COMMON,
    xFrameOptions: false,
    originAgentCluster: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });
  const api = secureHeaders({
    ...COMMON,
    contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"], baseUri: ["'none'"], formAction: ["'none'"] },
  });
  return async (c, next) => {
    const isApi = c.req.path.startsWith('/api/');
    await (isApi ? api : c.req.path.startsWith('/assets/') ? asset : page)(c, next);
    if (isApi && !c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store');
    if (cameOverHttps(c.req.url, c.req.header('x-forwarded-proto'), config.trustProxyHops)) {
      c.res.headers.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    }
  };
}

function cameOverHttps(url: string, forwardedProto: string | undefined, trustProxyHops: number): boolean {
  if (url.startsWith('https:')) return true;
  // The proxy nearest to us writes the last entry.
  return trustProxyHops > 0 && forwardedProto?.split(',').pop()?.trim().toLowerCase() === 'https';
}
