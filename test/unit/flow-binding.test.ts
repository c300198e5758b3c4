import crypto from 'node:crypto';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { flowBinding } from '../../server/auth/flow-binding';
import { OTHER_BROWSER_TITLE } from '../../server/auth/flow-binding.page';

/** A flow as a route pair: /start keeps the hash it is given, /finish checks the browser's cookie against it. */
function flowApp(appUrl: string) {
  const binding = flowBinding(appUrl);
  const sealed: string[] = [];
  const app = new Hono();
  app.post('/start', (c) => {
    sealed.push(binding.start(c));
    return c.body(null, 204);
  });
  app.get('/finish/:n', (c) => (binding.finish(c, sealed[Number(c.req.param('n'))]) ? c.text('bound') : binding.refuse(c)));
  const call = (path: string, cookie?: string) =>
    app.request(`${appUrl}${path}`, { method: path === '/start' ? 'POST' : 'GET', headers: cookie ? { cookie } : {} });
  return { sealed, call };
}

const escape = (text: string) => text.replace(/[+/=]/g, '\\$&');
const cookieOf = (res: Response) => res.headers.get('set-cookie')!.split(';')[0];

describe('binding a sign-in to the browser that started it', () => {
  it('on https: a __Host- cookie, Secure, HttpOnly, SameSite=Lax, Path=/, no Domain; only its hash is kept', async () => {
    const flow = flowApp('https://studio.example');
    const res = await flow.call('/start');
    const header = res.headers.get('set-cookie')!;
    expect(header).toMatch(/^__Host-studio-flow=[\w-]{43}; Max-Age=3600; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
    const nonce = cookieOf(res).split('=')[1];
    expect(flow.sealed[0]).toMatch(/^[\w-]{43}$/);
    expect(flow.sealed[0]).not.toBe(nonce);
  });

  it('on plain http (development on localhost): the same cookie without the prefix, since browsers refuse Secure there', async () => {
    const res = await flowApp('http://localhost:5173').call('/start');
    expect(res.headers.get('set-cookie')).toMatch(/^studio-flow=[\w-]{43}; Max-Age=3600; Path=\/; HttpOnly; SameSite=Lax$/);
  });

  it('the browser that started the flow finishes it, once; the cookie goes either way', async () => {
    const flow = flowApp('https://studio.example');
    const cookie = cookieOf(await flow.call('/start'));
    const res = await flow.call('/finish/0', cookie);
    expect(await res.text()).toBe('bound');
    expect(res.headers.get('set-cookie')).toMatch(/^__Host-studio-flow=; Max-Age=0; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
  });

  it('a browser without the cookie, or with the cookie of another flow, is refused with a page that says why', async () => {
    const flow = flowApp('https://studio.example');
    await flow.call('/start');
    const otherFlowCookie = cookieOf(await flow.call('/start'));
    for (const cookie of [undefined, otherFlowCookie, '__Host-studio-flow=forged', 'studio-flow=wrong-name']) {
      const res = await flow.call('/finish/0', cookie);
      expect(res.status, String(cookie)).toBe(403);
      const page = await res.text();
      expect(page).toContain(`<h1>${OTHER_BROWSER_TITLE}</h1>`);
      expect(page).toContain('Nothing was connected.');
      expect(page).toContain('href="https://studio.example/social-media/accounts"');
      // Its one stylesheet is the one the policy names, and nothing else may load.
      const style = page.match(/<style>([\s\S]*?)<\/style>/)![1];
      const hash = crypto.createHash('sha256').update(style).digest('base64');
      expect(res.headers.get('content-security-policy')).toMatch(new RegExp(`^default-src 'none'; style-src 'sha256-${escape(hash)}';`));
    }
    // A flow that sealed no binding (begun before there was one) is refused too.
    expect((await flow.call('/finish/9', otherFlowCookie)).status).toBe(403);
  });
});
