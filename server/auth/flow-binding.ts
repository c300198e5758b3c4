import crypto from 'node:crypto';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { otherBrowserPage } from './flow-binding.page';

/** How long a sign-in under way stays bound (as long as its state is kept). */
const MAX_AGE_SECONDS = 60 * 60;

const hashOf = (nonce: string) => crypto.createHash('sha256').update(nonce).digest('base64url');

export interface FlowBinding {
  /**
   * At a flow's start: a new random nonce in an HttpOnly, SameSite=Lax cookie on the answer being built; answers the
   * nonce's hash, for the flow to keep in its sealed state (the nonce itself is never stored).
   */
  start(c: Context): string;
  /** Whether this request carries a binding cookie at all (whatever flow it belongs to). */
  present(c: Context): boolean;
  /** At the callback: true only if the cookie's nonce hashes to what the flow sealed. The cookie is cleared either way. */
  finish(c: Context, sealedHash: string | null | undefined): boolean;
  /** The answer to a callback that is not bound to this browser: a page that says why, and that nothing was connected. */
  refuse(c: Context): Response | Promise<Response>;
}

/**
 * Binds a sign-in with another service (OAuth) to the browser that started it. Without it, anyone can start a flow,
 * send the service's real authorization page to someone else, and have that person's approval land in their own
 * studio account. On an https APP_URL the cookie is `__Host-studio-flow` (Secure, Path=/, no Domain: only this host
 * ever sees it); on plain http (development on localhost) browsers refuse Secure cookies, so it is `studio-flow`
 * without Secure (docs/decisions.md, 'Connecting Bluesky with OAuth').
 */
export function flowBinding(appUrl: string): FlowBinding {
  const secure = new URL(appUrl).protocol === 'https:';
  const name = secure ? '__Host-studio-flow' : 'studio-flow';
  const options = { httpOnly: true, secure, sameSite: 'Lax', path: '/' } as const;
  return {
    start(c) {
      const nonce = crypto.randomBytes(32).toString('base64url');
      setCookie(c, name, nonce, { ...options, maxAge: MAX_AGE_SECONDS });
      return hashOf(nonce);
    },
    present: (c) => Boolean(getCookie(c, name)),
    finish(c, sealedHash) {
      const nonce = getCookie(c, name);
      deleteCookie(c, name, options);
      if (!nonce || !sealedHash) return false;
      const [seen, kept] = [Buffer.from(hashOf(nonce)), Buffer.from(sealedHash)];
      return seen.length === kept.length && crypto.timingSafeEqual(seen, kept);
    },
    refuse(c) {
      c.header('content-security-policy', otherBrowserPage.csp);
      c.header('cache-control', 'no-store');
      return c.html(otherBrowserPage.render(appUrl), 403);
    },
  };
}
