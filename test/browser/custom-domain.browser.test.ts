import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, createVerifiedAccount, startServer, watchContentSecurity, type RunningServer } from '../support/browser';
import { logPageOnFailure, signInAt } from '../support/browser-steps';
import { startDnsResponder, type DnsResponder } from '../support/dns-responder';
import { checkScreen } from '../support/layout-check';

const EMAIL = 'sonia@example.com';
const PASSWORD = 'Rythme1938x';
const DOMAIN = 'mydomain.test';

describe('a custom domain in a real browser', () => {
  let server: RunningServer;
  let dns: DnsResponder;
  let browser: Browser;
  let page: Page;
  let port: string;

  beforeAll(async () => {
    dns = await startDnsResponder();
    server = await startServer({ DNS_SERVERS: dns.server, DNS_TIMEOUT_MS: '2000' });
    port = new URL(server.url).port;
    const { idToken } = await createVerifiedAccount(server, EMAIL, PASSWORD);
    const headers = { authorization: `Bearer ${idToken}`, 'content-type': 'application/json' };
    const named = await fetch(`${server.url}/api/user`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ firstName: 'Sonia', lastName: 'Delaunay' }),
    });
    expect(named.status).toBe(200);
    expect((await fetch(`${server.url}/api/publish`, { method: 'POST', headers })).status).toBe(200);
    // Every *.test name is this machine, as a DNS record pointing the domain at the studio would make it.
    browser = await chromium.launch({
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: [...CHROMIUM_ARGS, '--host-resolver-rules=MAP *.test 127.0.0.1'],
    });
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await watchContentSecurity(context);
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await dns?.close();
  });

  logPageOnFailure(() => ({ page, server }));

  const main = () => page.getByRole('main');

  it('the artist adds the domain in the app and sees the records to create', async () => {
    await signInAt(page, server.url, EMAIL, PASSWORD);
    await expect.poll(() => page.getByTestId('welcome').textContent()).toBe('Welcome, Sonia Delaunay');

    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Custom domain' }).click();
    await main().getByRole('heading', { name: 'Custom domain', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/portfolio/domain');

    // The spec's message first, then the domain as the artist types it.
    await main().getByRole('button', { name: 'Save domain' }).click();
    await expect.poll(() => main().getByText('Domain is required').isVisible()).toBe(true);
    await checkScreen(page, 'custom-domain-form');
    await page.setViewportSize({ width: 390, height: 844 });
    await checkScreen(page, 'custom-domain-form');
    await page.setViewportSize({ width: 1280, height: 900 });
    await main().getByRole('textbox', { name: 'Domain' }).fill('MyDomain.test.');
    await main().getByRole('button', { name: 'Save domain' }).click();

    await main().getByRole('heading', { name: DOMAIN, level: 2 }).waitFor();
    expect(await main().getByTestId('domain-status').textContent()).toBe('Not verified');
    const txt = main().getByRole('listitem', { name: 'TXT record' });
    await expect.poll(() => txt.textContent()).toContain(`_artist-studio.${DOMAIN}`);
    expect(await main().getByRole('listitem', { name: 'CNAME record' }).textContent()).toContain('localhost');
  });

  it('Check now before the record exists says so; once the DNS serves it, the domain is verified', async () => {
    await main().getByRole('button', { name: 'Check now' }).click();
    await expect.poll(() => main().getByRole('status').filter({ hasText: 'No TXT record found' }).count()).toBe(1);
    expect(await main().getByTestId('domain-status').textContent()).toBe('Not verified');

    const value = (await main().getByRole('listitem', { name: 'TXT record' }).locator('dd').nth(2).textContent())!;
    expect(value).toMatch(/^artist-studio-verify=[0-9a-f]{32}$/);
    dns.setTxt(`_artist-studio.${DOMAIN}`, [value]);

    await main().getByRole('button', { name: 'Check now' }).click();
    await expect.poll(() => main().getByTestId('domain-status').textContent()).toMatch(/^Verified on \w{3} \d{1,2}, \d{4}$/);
    expect(await main().getByRole('status').filter({ hasText: 'Verified: the TXT record' }).count()).toBe(1);
    expect(dns.asked.filter((name) => name === `_artist-studio.${DOMAIN}`).length).toBeGreaterThanOrEqual(2);
    await checkScreen(page, 'custom-domain-verified');
    await page.setViewportSize({ width: 390, height: 844 });
    await main().getByRole('button', { name: 'Check now' }).waitFor();
    await checkScreen(page, 'custom-domain-verified');
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('the verified domain gets the public site at /; another name gets the app, and /api is not served there', async () => {
    const site = await page.context().newPage();
    const res = await site.goto(`http://${DOMAIN}:${port}/`);
    expect(res?.status()).toBe(200);
    await site.getByRole('heading', { name: 'Sonia Delaunay' }).first().waitFor();
    // No script to run: the only one is JSON-LD, a data block.
    expect(await site.locator('script:not([type="application/ld+json"])').count()).toBe(0);
    expect(await site.locator('script[type="application/ld+json"]').count()).toBe(1);

    const api = await site.goto(`http://${DOMAIN}:${port}/api/ping`);
    expect(api?.status()).toBe(404);

    await site.goto(`http://elsewhere.test:${port}/`);
    await site.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
    await site.close();
  });
});
