import type { TestApp } from './test-app';

export const FACEBOOK_CALLBACK = '/oauth/meta/facebook/callback';

/** The studio's binding cookie on an answer (the last one set: a callback clears one and may set another). */
export function flowCookieOf(res: Response): string | undefined {
  const set = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .filter((c) => /^(__Host-)?studio-flow=./.test(c));
  return set.at(-1);
}

/** Continue with Facebook: the dialog the studio sends the browser to, and the cookie that browser got. */
export async function beginFacebook(t: TestApp, token: string) {
  const res = await t.request('/api/social/meta/facebook/start', { method: 'POST', token });
  if (res.status !== 200) throw new Error(`start answered ${res.status}: ${await res.text()}`);
  const { authorizeUrl } = (await res.json()) as { authorizeUrl: string };
  return { authorizeUrl, cookie: flowCookieOf(res)! };
}

/** The person presses Allow (or Cancel) on Facebook's dialog: answers where Facebook sends the browser back. */
export async function decideOnFacebook(authorizeUrl: string, decision: 'allow' | 'cancel') {
  const url = new URL(authorizeUrl);
  const res = await fetch(`${url.origin}${url.pathname}`, {
    method: 'POST',
    body: new URLSearchParams({ ...Object.fromEntries(url.searchParams), decision }),
    redirect: 'manual',
  });
  if (res.status !== 302) throw new Error(`the dialog answered ${res.status}: ${await res.text()}`);
  return new URL(res.headers.get('location')!);
}

/** The browser arrives back at the studio: the answer's status, where it sends the browser on, and any new cookie. */
export async function facebookCallback(t: TestApp, back: URL, cookie?: string) {
  const res = await t.request(`${FACEBOOK_CALLBACK}${back.search}`, { headers: cookie ? { cookie } : {} });
  const location = res.headers.get('location') ?? '';
  return {
    status: res.status,
    location,
    result: location ? Object.fromEntries(new URL(location).searchParams) : {},
    cookie: flowCookieOf(res),
  };
}

/** The whole sign-in in one browser, Allow pressed: answers the callback's outcome. */
export async function connectFacebook(t: TestApp, token: string) {
  const { authorizeUrl, cookie } = await beginFacebook(t, token);
  return facebookCallback(t, await decideOnFacebook(authorizeUrl, 'allow'), cookie);
}
