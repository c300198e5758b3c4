import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SocialAccount, SocialPost } from '../../src/schemas/social.schema';
import {
  createVerifiedAccount,
  expectAccessible,
  freePort,
  launchBrowser,
  newPage,
  startServer,
  type RunningServer,
} from '../support/browser';
import { logPageOnFailure, signInAt } from '../support/browser-steps';
import type { Pds } from '../support/pds';
import { sharedPds } from '../support/shared-pds';
import { newPdsAccount, oauthTestEnv, postRecords, type PdsAccount } from '../support/social';
import { rkeyOf } from '../support/social-browser';
import { ownTmpDir, type OwnTmpDir } from '../support/tmp-dir';

const EMAIL = 'hokusai@example.com';
const PASSWORD = 'Katsushika1760';
const CONTENT = 'Posted through an OAuth grant: the great wave, again #woodblock';

/** Polls for what the page shows; the default second of expect.poll is short on a busy machine. */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });

describe("connecting Bluesky with OAuth through the local PDS's own pages, then posting with the grant", () => {
  let tmp: OwnTmpDir;
  let pds: Pds;
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let token: string;
  let artist: PdsAccount;
  /**
   * The studio as the browser reaches it: on 127.0.0.1, while the PDS is on localhost. A PDS refuses an authorization
   * page opened from its own site (Sec-Fetch-Site same-site); an app and a PDS on one site do not happen outside tests.
   */
  let appUrl: string;

  beforeAll(async () => {
    tmp = await ownTmpDir('studio-oauth-browser-');
    pds = await sharedPds();
    artist = await newPdsAccount(pds, 'hokusai');
    const port = await freePort();
    appUrl = `http://127.0.0.1:${port}`;
    server = await startServer({ ...oauthTestEnv(pds), SOCIAL_POLL_MS: '200', PORT: String(port), APP_URL: appUrl });
    ({ idToken: token } = await createVerifiedAccount(server, EMAIL, PASSWORD));
    browser = await launchBrowser();
    ({ page } = await newPage(browser));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await pds?.close();
    await tmp?.restore();
  });

  logPageOnFailure(() => ({ page, server }), 4_000);

  const main = () => page.getByRole('main');
  const api = async <T>(p: string, init: RequestInit = {}): Promise<T> => {
    const res = await fetch(`${server.url}/api${p}`, {
      ...init,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    });
    expect(res.status, `${p}: ${res.status}`).toBe(200);
    return (await res.json()) as T;
  };

  it('signs in and opens "Continue with Bluesky", the first way to connect', async () => {
    await signInAt(page, appUrl, EMAIL, PASSWORD);
    await page.getByTestId('welcome').waitFor();
    await page.goto(`${appUrl}/social-media/accounts/connect/bluesky`);
    const form = main().getByRole('form', { name: 'Continue with Bluesky' });
    await form.waitFor();
    await expectAccessible(page, 'connect Bluesky with OAuth');
    // An unknown handle is told on the field; nothing leaves the app.
    await form.getByLabel('Handle or server address').fill('nobody-here.test');
    await form.getByRole('button', { name: 'Continue with Bluesky' }).click();
    await form.getByText('No Bluesky account @nobody-here.test was found. Check the handle.').waitFor();
    expect(new URL(page.url()).origin).toBe(appUrl);
  });

  it("goes to the PDS's authorization page, signs in there with the account password, approves, and comes back connected", async () => {
    const form = main().getByRole('form', { name: 'Continue with Bluesky' });
    await form.getByLabel('Handle or server address').fill(`@${artist.handle}`);
    await form.getByRole('button', { name: 'Continue with Bluesky' }).click();
    // The PDS's own page: the password is typed there, never in the studio.
    await page.waitForURL((url) => url.origin === new URL(pds.url).origin);
    expect(new URL(page.url()).pathname).toBe('/oauth/authorize');
    // The handle typed in the studio is the one the PDS asks the password of.
    expect(await page.getByRole('textbox', { name: 'Identifier' }).inputValue()).toBe(artist.handle);
    await page.getByRole('textbox', { name: 'Password' }).fill(artist.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('button', { name: 'Authorize', exact: true }).click();

    // Back through the callback to the studio, connected.
    await page.waitForURL((url) => url.origin === appUrl && url.pathname === '/social-media/accounts');
    await page
      .getByRole('status')
      .filter({ hasText: `Bluesky account @${artist.handle} connected` })
      .first()
      .waitFor();
    const card = main().getByRole('link', { name: `@${artist.handle}` });
    await card.waitFor();
    await expectAccessible(page, 'accounts after OAuth');
    const accounts = await api<SocialAccount[]>('/social-media/accounts');
    expect(accounts).toEqual([
      expect.objectContaining({ handle: artist.handle, service: pds.url, authMethod: 'oauth', needsReconnectAt: null }),
    ]);
  });

  it('publishes a post through the OAuth grant, and the record is on the PDS', async () => {
    const saved = await api<{ post: SocialPost }>('/social-media/post', {
      method: 'POST',
      body: JSON.stringify({ content: CONTENT, accounts: [{ platform: 'bluesky', handle: artist.handle }] }),
    });
    await api<SocialPost>(`/social-media/post/${saved.post.postId}/publish`, {
      method: 'POST',
      body: JSON.stringify({ postId: saved.post.postId }),
    });
    await poll(async () => (await api<SocialPost>(`/social-media/post/${saved.post.postId}`)).responses[0]?.postStatus).toBe('posted');
    const post = await api<SocialPost>(`/social-media/post/${saved.post.postId}`);
    const records = await postRecords(artist.agent, artist.did);
    expect(records).toHaveLength(1);
    expect(records[0].value.text).toBe(CONTENT);
    expect(records[0].uri.split('/').pop()).toBe(rkeyOf(post.responses[0].postUrl));
    // Written with the grant, not an app password: the studio never had one.
    expect(server.log()).toContain('Bluesky account connected with OAuth');
  });

  it('a grant the artist revokes on their server shows as "Needs reconnecting"; Reconnect goes through the PDS again', async () => {
    // The PDS's own account page, where an artist sees and revokes the apps they gave access to.
    await page.goto(`${pds.url}/account`);
    await page.getByRole('textbox', { name: 'Identifier' }).fill(artist.handle);
    await page.getByRole('textbox', { name: 'Password' }).fill(artist.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('heading', { name: 'Connected apps' }).waitFor();
    await page.getByRole('button', { name: 'Revoke access' }).click();
    await page.getByRole('alertdialog', { name: 'Revoke access to A local app' }).getByRole('button', { name: 'Revoke access' }).click();
    await page.getByRole('heading', { name: 'A local app' }).waitFor({ state: 'detached' });

    // The next post finds the grant gone: the account needs reconnecting, the post waits, and nothing reaches the PDS.
    const saved = await api<{ post: SocialPost }>('/social-media/post', {
      method: 'POST',
      body: JSON.stringify({ content: 'After the grant was revoked', accounts: [{ platform: 'bluesky', handle: artist.handle }] }),
    });
    await api<SocialPost>(`/social-media/post/${saved.post.postId}/publish`, {
      method: 'POST',
      body: JSON.stringify({ postId: saved.post.postId }),
    });
    await poll(async () => (await api<SocialAccount[]>('/social-media/accounts'))[0].needsReconnectAt).not.toBeNull();
    expect(await postRecords(artist.agent, artist.did)).toHaveLength(1);

    await page.goto(`${appUrl}/social-media/accounts`);
    const card = main()
      .getByRole('listitem')
      .filter({ hasText: `@${artist.handle}` });
    await card.getByText('Needs reconnecting').waitFor();
    await expectAccessible(page, 'accounts with one needing reconnection');
    await card.getByRole('link', { name: `Reconnect Bluesky @${artist.handle}` }).click();
    const form = main().getByRole('form', { name: 'Continue with Bluesky' });
    expect(await form.getByLabel('Handle or server address').inputValue()).toBe(artist.handle);
    await form.getByRole('button', { name: 'Continue with Bluesky' }).click();
    await page.waitForURL((url) => url.origin === new URL(pds.url).origin);
    // Signed in on this device already (the account page): the PDS asks only for approval.
    await page.getByRole('button', { name: 'Authorize', exact: true }).click();
    await page.waitForURL((url) => url.origin === appUrl && url.pathname === '/social-media/accounts');
    await poll(async () => (await api<SocialAccount[]>('/social-media/accounts'))[0].needsReconnectAt).toBeNull();
    await card.getByRole('link', { name: `@${artist.handle}` }).waitFor();
    expect(await card.getByText('Needs reconnecting').count()).toBe(0);
    // The post that found the grant gone waited for the account, and goes out, once, with the new grant.
    await poll(async () => (await api<SocialPost>(`/social-media/post/${saved.post.postId}`)).responses[0].postStatus).toBe('posted');
    const records = await postRecords(artist.agent, artist.did);
    expect(records.map((r) => r.value.text).filter((t) => t === 'After the grant was revoked')).toHaveLength(1);
    expect(records).toHaveLength(2);
  });

  it("an attacker's sign-in link approved in the victim's browser connects nothing, and the victim's page says why", async () => {
    // The attacker, in a browser of their own, begins "Continue with Bluesky" for the victim's handle and keeps the
    // address of the real PDS page it leads to, without opening it (the PDS would tie the request to their device).
    const victim = await newPdsAccount(pds, 'victim');
    const mallory = await createVerifiedAccount(server, 'mallory@example.com', PASSWORD);
    const attacker = await newPage(browser);
    await signInAt(attacker.page, appUrl, 'mallory@example.com', PASSWORD);
    await attacker.page.getByTestId('welcome').waitFor();
    await attacker.page.goto(`${appUrl}/social-media/accounts/connect/bluesky`);
    let link = '';
    await attacker.page.route(`${new URL(pds.url).origin}/**`, (route) => {
      link = route.request().url();
      return route.abort();
    });
    const form = attacker.page.getByRole('main').getByRole('form', { name: 'Continue with Bluesky' });
    await form.getByLabel('Handle or server address').fill(victim.handle);
    await form.getByRole('button', { name: 'Continue with Bluesky' }).click();
    await poll(() => link).toMatch(/\/oauth\/authorize\?/);
    await attacker.context.close();

    // The victim opens the link in their own browser, signs in on their own server and approves.
    const { context, page: theirs } = await newPage(browser);
    const attackersAccounts = async () =>
      (await fetch(`${server.url}/api/social-media/accounts`, { headers: { authorization: `Bearer ${mallory.idToken}` } })).json();
    try {
      await theirs.goto(link);
      await theirs.getByRole('textbox', { name: 'Password' }).fill(victim.password);
      await theirs.getByRole('button', { name: 'Sign in', exact: true }).click();
      await theirs.getByRole('button', { name: 'Authorize', exact: true }).click();
      await theirs.waitForURL((url) => url.origin === appUrl);
      await theirs.waitForLoadState();
      // Nothing reached the attacker's studio account...
      expect(await attackersAccounts()).toEqual([]);
      // ...and the victim reads why.
      await theirs.getByRole('heading', { name: 'This sign-in was started in another browser' }).waitFor();
      expect(new URL(theirs.url()).pathname).toBe('/oauth/callback');
      await theirs.getByText('Nothing was connected.').waitFor();
      await expectAccessible(theirs, 'a sign-in started in another browser');
    } finally {
      await context.close();
    }
    expect(await attackersAccounts()).toEqual([]);
    expect(server.log()).toContain('Bluesky OAuth callback from another browser than the one that began it: refused');
  });
});
