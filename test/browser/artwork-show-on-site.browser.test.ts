import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artworkSchema } from '../../src/schemas/artwork.schema';
import { createVerifiedAccount, launchBrowser, newPage, startServer, type RunningServer } from '../support/browser';
import { logPageOnFailure, postArtwork, signInAt } from '../support/browser-steps';
import { checkScreen } from '../support/layout-check';
import { artworkInput } from '../support/portfolio';

const EMAIL = 'agnes@example.com';
const PASSWORD = 'Martin1912xy';

/** The editor says whether the site shows a work and why; the artist's tick is saved as their choice. */
describe('showing a work on the public site, in a real browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let idToken: string;
  let artworkId: string;

  beforeAll(async () => {
    server = await startServer();
    ({ idToken } = await createVerifiedAccount(server, EMAIL, PASSWORD));
    ({ artworkId } = await postArtwork(server, idToken, artworkInput('DIGITAL_2D', { title: 'Grid', showOnSite: undefined })));
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

  it('a work without a picture is not shown until the artist ticks it; its pixel size is shown, not asked for', async () => {
    await signInAt(page, server.url, EMAIL, PASSWORD);
    // Signed in (Home shows), then the work from My Artworks, as the artist goes to it.
    await page.getByRole('heading', { name: 'Welcome to your studio' }).waitFor();
    await page.goto(`${server.url}/portfolio/artwork/${artworkId}`);
    const box = main().getByRole('checkbox', { name: 'Show on my public site' });
    await box.waitFor({ state: 'attached' });
    expect(await box.isChecked()).toBe(false);
    await main().getByText('Not shown while it has no picture, unless you tick this.').waitFor();
    // Its pixel size is shown, not asked for.
    expect(await main().getByTestId('measured').textContent()).toBe('Pixel size1920 × 1080 px');
    expect(await main().getByLabel('Height (px)').count()).toBe(0);
    for (const size of [
      { width: 390, height: 844 },
      { width: 1280, height: 800 },
    ]) {
      await page.setViewportSize(size);
      await checkScreen(page, 'artwork editor show on site');
    }
    await main().getByText('Show on my public site').click();
    await main().getByRole('button', { name: 'Submit' }).click();
    await expect
      .poll(async () => {
        const res = await fetch(`${server.url}/api/artwork/${artworkId}`, { headers: { authorization: `Bearer ${idToken}` } });
        return artworkSchema.parse(await res.json()).showOnSiteWhy;
      })
      .toBe('chosen');
  });
});
