import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedAccount, launchBrowser, newPage, startServer, type RunningServer } from '../support/browser';
import { logPageOnFailure, signInAt } from '../support/browser-steps';
import { checkScreen } from '../support/layout-check';
import { html, linkSite, ogPage } from '../support/link-page';
import { SOCIAL_TEST_ENV } from '../support/social';
import { makePng } from '../support/social-browser';

const EMAIL = 'hokusai@example.com';
const PASSWORD = 'Kanagawa1831';
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/**
 * A link typed into a new post brings its card (the server reads a local page: SOCIAL_ALLOW_PRIVATE_NETWORK, as the
 * social tests run it): title, description, image and domain under the text; Remove, from the keyboard, takes it away.
 */
describe('the link card in the post editor, in a real browser', () => {
  let server: RunningServer;
  let site: Awaited<ReturnType<typeof linkSite>>;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    const cover = await makePng(1200, 630);
    site = await linkSite({
      '/harbour': (req, res, origin) => html(ogPage(origin))(req, res),
      '/cover.png': (_req, res) => res.writeHead(200, { 'content-type': 'image/png' }).end(cover),
    });
    server = await startServer(SOCIAL_TEST_ENV);
    await createVerifiedAccount(server, EMAIL, PASSWORD);
    browser = await launchBrowser();
    ({ page } = await newPage(browser));
    await page.setViewportSize(DESKTOP);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await site?.close();
  });

  logPageOnFailure(() => ({ page, server }));

  const region = () => page.getByRole('main').getByRole('region', { name: 'Link card' });
  const card = () => region().getByRole('article', { name: 'Harbour at Dawn & Dusk' });

  it('shows the card of a typed link under the text, axe-clean and whole at 1280 and 390 px', async () => {
    await signInAt(page, server.url, EMAIL, PASSWORD);
    await page.getByTestId('welcome').waitFor();
    await page.goto(`${server.url}/social-media/post/new`);
    const content = page.getByLabel('Content');
    await content.pressSequentially(`New work: ${site.origin}/harbour`, { delay: 10 });

    await card().waitFor();
    expect(await card().textContent()).toContain('Oil on linen, 2026 — new work');
    expect(await card().textContent()).toContain('127.0.0.1');
    // The image is the server's recompressed copy, loaded.
    const img = card().locator('img');
    expect(await img.getAttribute('src')).toMatch(/^\/api\/social\/link-preview\/thumb\/[0-9a-f]{64}$/);
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
    // Under the text: the card's top is below the text box's bottom.
    const [text, box] = await Promise.all([content.boundingBox(), card().boundingBox()]);
    expect(box!.y).toBeGreaterThanOrEqual(text!.y + text!.height);
    expect(site.hits['/harbour']).toBe(1);

    await checkScreen(page, 'post editor link card');
    await page.setViewportSize(PHONE);
    await checkScreen(page, 'post editor link card');
    await page.setViewportSize(DESKTOP);
  });

  it('removes the card from the keyboard, keeping the focus in its region and saying so', async () => {
    await card().getByRole('button', { name: 'Remove link card' }).focus();
    await page.keyboard.press('Enter');
    await card().waitFor({ state: 'detached' });
    expect(await region().textContent()).toBe('Link card removed: the post goes out as text.');
    expect(await region().evaluate((el) => el === document.activeElement)).toBe(true);
    await checkScreen(page, 'post editor link card removed');
  });
});
