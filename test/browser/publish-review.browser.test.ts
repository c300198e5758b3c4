import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedAccount, launchBrowser, newPage, startServer, type RunningServer } from '../support/browser';
import { logPageOnFailure, signInAt } from '../support/browser-steps';
import { checkScreen } from '../support/layout-check';
import { artworkInput } from '../support/portfolio';

const EMAIL = 'hilma@example.com';
const PASSWORD = 'Klint1862xy';

/** Publishing from Home shows what will change first, and publishes only once the artist confirms. */
describe('the publish review in a real browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let idToken: string;
  const api = (path: string, init: { method?: string; json?: unknown } = {}) =>
    fetch(`${server.url}${path}`, {
      method: init.method ?? 'GET',
      headers: { authorization: `Bearer ${idToken}`, 'content-type': 'application/json' },
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
    });

  beforeAll(async () => {
    server = await startServer();
    ({ idToken } = await createVerifiedAccount(server, EMAIL, PASSWORD));
    for (const title of ['Altarpiece', 'Swan']) {
      expect((await api('/api/artwork', { method: 'POST', json: artworkInput('PHYSICAL_2D', { title }) })).status).toBe(201);
    }
    browser = await launchBrowser();
    ({ page } = await newPage(browser));
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  logPageOnFailure(() => ({ page, server }));

  const main = () => page.getByRole('main');
  const review = () => main().getByRole('region', { name: 'Review before publishing' });

  it('shows what the first publish will put on the site; Cancel publishes nothing', async () => {
    await signInAt(page, server.url, EMAIL, PASSWORD);
    await main().getByRole('button', { name: 'Publish', exact: true }).click();
    expect(await review().getByTestId('publish-summary').textContent()).toBe('2 new works');
    await expect.poll(async () => (await review().textContent()) ?? '').toContain('Your public site will show:');
    for (const size of [
      { width: 390, height: 844 },
      { width: 1280, height: 800 },
    ]) {
      await page.setViewportSize(size);
      await checkScreen(page, 'publish review');
    }
    await review().getByRole('button', { name: 'Cancel' }).click();
    await review().waitFor({ state: 'detached' });
    expect(await (await api('/api/publish')).json()).toBeNull();
  });

  it('Publish now publishes; the next review says what changed since', async () => {
    await main().getByRole('button', { name: 'Publish', exact: true }).click();
    await review().getByRole('button', { name: 'Publish now' }).click();
    await main().getByText('Your portfolio is published (2 artworks)').waitFor({ timeout: 30_000 });
    expect((await api('/api/artwork', { method: 'POST', json: artworkInput('PHYSICAL_2D', { title: 'Tree of Knowledge' }) })).status).toBe(
      201,
    );
    await main().getByRole('button', { name: 'Publish', exact: true }).click();
    await review().getByText('Publishing will update your public site:').waitFor();
    expect(await review().getByTestId('publish-summary').textContent()).toBe('1 new work');
  });
});
