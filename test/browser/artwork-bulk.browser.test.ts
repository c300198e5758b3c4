import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedAccount, launchBrowser, newPage, startServer, type RunningServer } from '../support/browser';
import { logPageOnFailure, postArtwork, signInAt } from '../support/browser-steps';
import { checkScreen } from '../support/layout-check';
import { artworkInput } from '../support/portfolio';

const EMAIL = 'sophie.bulk@example.com';
const PASSWORD = 'Taeuber1889x';
const TITLES = ['Composition I', 'Composition II', 'Composition III'];

/**
 * My Artworks' bulk actions in a real browser: two works chosen in the selection mode, hidden from the site after one
 * confirmation, the hiding undone from its toast, then deleted; the server read back after each step.
 */
describe('changing many artworks at once, in a real browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let idToken: string;
  const ids: Record<string, string> = {};

  const api = async (path: string) =>
    (await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${idToken}` } })).json() as Promise<{
      items: { artworkId: string; title: string; showOnSite: boolean }[];
    }>;
  const onServer = async () => Object.fromEntries((await api('/api/artwork?pageSize=50')).items.map((a) => [a.title, a.showOnSite]));

  beforeAll(async () => {
    server = await startServer();
    ({ idToken } = await createVerifiedAccount(server, EMAIL, PASSWORD));
    for (const title of TITLES) ids[title] = (await postArtwork(server, idToken, artworkInput('PHYSICAL_2D', { title }))).artworkId;
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
  const bar = () => main().getByRole('toolbar', { name: 'Selected artworks' });
  const toast = () => page.getByRole('status', { name: 'Undo' });

  it('chooses two works and hides them from the site after one confirmation, then undoes it', async () => {
    await signInAt(page, server.url, EMAIL, PASSWORD);
    await page.getByTestId('welcome').waitFor();
    await page.goto(`${server.url}/portfolio/artwork`);
    await main().getByRole('heading', { name: 'My Artworks', level: 1 }).waitFor();
    await main()
      .getByRole('link', { name: /Composition III/ })
      .waitFor();
    await main().getByRole('button', { name: 'Select Multiple' }).click();
    await main().getByRole('checkbox', { name: 'Select Composition I', exact: true }).check();
    await main().getByRole('checkbox', { name: 'Select Composition II', exact: true }).check();
    await bar().getByText('2 selected').waitFor();
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 844 });
      await checkScreen(page, 'artworks selecting');
    }

    await bar().getByRole('button', { name: 'Hide from site' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Public site' });
    await dialog.getByText('Hide 2 artworks from your public site?').waitFor();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await toast().getByText('2 artworks hidden from your site').waitFor();
    expect(await onServer()).toEqual({ 'Composition I': false, 'Composition II': false, 'Composition III': true });
    // The change left the selection mode.
    await main().getByRole('button', { name: 'Select Multiple' }).waitFor();
    await page.setViewportSize({ width: 390, height: 844 });
    await checkScreen(page, 'artworks undo toast');
    await page.setViewportSize({ width: 1280, height: 844 });

    await toast().getByRole('button', { name: 'Undo' }).click();
    await toast().waitFor({ state: 'detached' });
    await expect.poll(onServer).toEqual({ 'Composition I': true, 'Composition II': true, 'Composition III': true });
  });

  it('deletes the chosen works, and the list follows', async () => {
    await main().getByRole('button', { name: 'Select Multiple' }).click();
    await main().getByRole('checkbox', { name: 'Select Composition I', exact: true }).check();
    await main().getByRole('checkbox', { name: 'Select Composition III', exact: true }).check();
    await bar().getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete artworks' });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await toast().getByText('2 artworks deleted').waitFor();
    await expect.poll(async () => Object.keys(await onServer())).toEqual(['Composition II']);
    await expect.poll(() => main().getByRole('list', { name: 'Artworks' }).getByRole('listitem').count()).toBe(1);
  });
});
