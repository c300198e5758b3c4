import { Hono, type Context } from 'hono';
import type { FakeState } from './fake-state';

/** The app registered with Meta: its id and secret, and the redirect URIs entered in its dashboard. */
export interface FakeApp {
  appId: string;
  appSecret: string;
  redirectUris: string[];
  /** The account that is signed in on Meta's side and approves (the first known one unless set). */
  loginAs?: string;
  /** Permissions the person unticks on the consent page: asked for, not granted. */
  decline: string[];
  /**
   * Facebook Login for Business configurations made in the app's settings, by id, with the permissions each names:
   * the dialog asked for a `config_id` grants those instead of a `scope`.
   */
  configs?: Record<string, string[]>;
}

export const INSTAGRAM_SCOPES = [
  'instagram_business_basic',
  'instagram_business_content_publish',
  'instagram_business_manage_messages',
  'instagram_business_manage_comments',
  'instagram_business_manage_insights',
];
export const FACEBOOK_SCOPES = [
  'public_profile',
  'email',
  'pages_show_list',
  'pages_manage_posts',
  'pages_read_engagement',
  'pages_read_user_engagement',
  'pages_manage_engagement',
  'pages_manage_metadata',
  'business_management',
];

const escape = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

const errorPage = (c: Context, title: string, text: string) =>
  c.html(
    `<!doctype html><html lang="en"><head><title>${escape(title)}</title></head><body><main><h1>${escape(title)}</h1><p>${escape(text)}</p></main></body></html>`,
    400,
  );

interface LoginSpec {
  network: 'Instagram' | 'Facebook';
  app: FakeApp;
  known: string[];
  /** Scopes that must be asked for. */
  required: string[];
  /** Who approves: an account id and the name the page shows. */
  who(): { id: string; name: string } | undefined;
  /** Appended to the redirect after the query: Instagram's `#_`. */
  fragment: string;
}

/**
 * A login host: the authorization page (GET, with Allow and Cancel buttons a browser test can click) and its form
 * (POST), which sends the browser to the registered redirect URI with `code` and `state`, or with `error` when cancelled.
 */
export function loginHost(state: FakeState, spec: LoginSpec, paths: string[]) {
  const app = new Hono();
  const check = (q: Record<string, string | undefined>): { redirectUri: URL; scopes: string[] } | string => {
    if (q.client_id !== spec.app.appId) return 'Invalid app ID: the client_id is not a registered app.';
    if (!q.redirect_uri || !spec.app.redirectUris.includes(q.redirect_uri)) {
      return "URL blocked: this redirect failed because the redirect URI is not whitelisted in the app's client OAuth settings.";
    }
    if ((q.response_type ?? 'code') !== 'code') return 'Invalid response_type: only code is supported.';
    // Facebook Login for Business (the Login for Business page): a configuration's id stands for the permissions it names.
    if (q.config_id !== undefined && !spec.app.configs?.[q.config_id]) return 'Invalid config_id: no such configuration for this app.';
    const scopes = q.config_id !== undefined ? spec.app.configs![q.config_id] : (q.scope ?? '').split(/[\s,]+/).filter(Boolean);
    const unknown = scopes.filter((s) => !spec.known.includes(s));
    if (unknown.length) return `Invalid scope: ${unknown.join(', ')}.`;
    const missing = spec.required.filter((s) => !scopes.includes(s));
    if (missing.length) return `Invalid scope: ${missing.join(', ')} is required.`;
    return { redirectUri: new URL(q.redirect_uri), scopes };
  };

  for (const path of paths) {
    app.get(path, (c) => {
      const q = c.req.query();
      const checked = check(q);
      if (typeof checked === 'string') return errorPage(c, `${spec.network}: this link does not work`, checked);
      const who = spec.who();
      if (!who) return errorPage(c, `${spec.network}: nobody is signed in`, 'The fake has no account to sign in with.');
      const hidden = ['client_id', 'redirect_uri', 'response_type', 'scope', 'config_id', 'state']
        .filter((k) => q[k] !== undefined)
        .map((k) => `<input type="hidden" name="${k}" value="${escape(q[k]!)}">`)
        .join('');
      const asked = checked.scopes.map((s) => `<li>${escape(s)}</li>`).join('');
      return c.html(
        `<!doctype html><html lang="en"><head><title>Log in with ${spec.network}</title></head><body><main>` +
          `<h1>Log in with ${spec.network}</h1><p>Continue as <strong>${escape(who.name)}</strong>. The app asks for:</p><ul>${asked}</ul>` +
          `<form method="post" action="${escape(c.req.path)}">${hidden}` +
          `<button type="submit" name="decision" value="allow">Allow</button> <button type="submit" name="decision" value="cancel">Cancel</button>` +
          `</form></main></body></html>`,
      );
    });
    app.post(path, async (c) => {
      const form = (await c.req.parseBody()) as Record<string, string>;
      const checked = check(form);
      if (typeof checked === 'string') return errorPage(c, `${spec.network}: this link does not work`, checked);
      const back = checked.redirectUri;
      if (form.state !== undefined) back.searchParams.set('state', form.state);
      if (form.decision !== 'allow') {
        back.searchParams.set('error', 'access_denied');
        back.searchParams.set('error_reason', 'user_denied');
        back.searchParams.set('error_description', 'The user denied your request.');
        return c.redirect(back.toString() + spec.fragment, 302);
      }
      const who = spec.who()!;
      const granted = checked.scopes.filter((s) => !spec.app.decline.includes(s));
      const code = state.issueCode(spec.network === 'Instagram' ? 'instagram' : 'facebook', who.id, form.redirect_uri, granted);
      back.searchParams.set('code', code.code);
      return c.redirect(back.toString() + spec.fragment, 302);
    });
  }
  return app;
}
