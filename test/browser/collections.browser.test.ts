import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedAccount, launchBrowser, newPage, startServer, type RunningServer } from '../support/browser';
import { logPageOnFailure, postArtwork, signInAt } from '../support/browser-steps';
import { checkScreen } from '../support/layout-check';
import { artworkInput } from '../support/portfolio';

const EMAIL = 'gabriele@example.com';
const PASSWORD = 'Murnau1909x';
const TITLES = ['Alder', 'Birch', 'Cedar'];
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** A collection made, filled, reordered by keyboard, saved, read back after a reload, and published from Home. */
describe('collections in a real browser', () => {
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
    for (const title of TITLES) await postArtwork(server, idToken, artworkInput('PHYSICAL_2D', { title }));
    browser = await launchBrowser();
    ({ page } = await newPage(browser));
    await page.setViewportSize(DESKTOP);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  logPageOnFailure(() => ({ page, server }));

  const main = () => page.getByRole('main');
  const inCollection = () => main().getByRole('list', { name: 'Artworks in this collection' });
  const item = (title: string) => inCollection().getByRole('listitem', { name: title, exact: true });
  const order = () =>
    inCollection()
      .getByRole('listitem')
      .evaluateAll((els) => els.map((el) => el.getAttribute('aria-labelledby')!).map((id) => document.getElementById(id)!.textContent));
  const announcer = () => main().getByTestId('collection-announcer');

  it('signs in and finds no collections yet, with the way to make one', async () => {
    await signInAt(page, server.url, EMAIL, PASSWORD);
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'All Collections' }).click();
    await main().getByRole('heading', { name: 'Collections', level: 1 }).waitFor();
    await main().getByText('No collections yet.').waitFor();
    await checkScreen(page, 'collections empty');
  });

  it('makes a collection of three artworks, reorders it by keyboard and saves it', async () => {
    await main().getByRole('link', { name: 'New Collection' }).click();
    await main().getByRole('heading', { name: 'New Collection', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/portfolio/collections/new');
    await main().getByLabel('Title').fill('Summer studies');
    await main().getByText('Public', { exact: true }).click();
    expect(await main().getByRole('radio', { name: 'Public' }).isChecked()).toBe(true);

    const picker = main().getByRole('list', { name: 'Your other artworks' });
    for (const title of TITLES) {
      await picker.getByRole('listitem', { name: title, exact: true }).getByRole('button', { name: 'Add' }).click();
      await item(title).waitFor();
    }
    expect(await order()).toEqual(TITLES);
    await main().getByText('Every one of your artworks is in this collection.').waitFor();
    await checkScreen(page, 'new collection');

    // Keyboard only: Enter on Cedar's Move up, then Alt+Arrow Up; the focus stays on Cedar's control throughout.
    await item('Cedar').getByRole('button', { name: 'Move up' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(order).toEqual(['Alder', 'Cedar', 'Birch']);
    await expect.poll(() => announcer().textContent()).toBe('Cedar moved to position 2 of 3.');
    await page.keyboard.press('Alt+ArrowUp');
    await expect.poll(order).toEqual(['Cedar', 'Alder', 'Birch']);
    await expect.poll(() => announcer().textContent()).toBe('Cedar moved to position 1 of 3.');
    const focused = await page.evaluate(() => document.activeElement?.closest('li')?.getAttribute('aria-labelledby'));
    expect(await page.evaluate((id) => document.getElementById(id!)?.textContent, focused)).toBe('Cedar');
    // At the top, Move up is off and the focus went to Move down.
    expect(await item('Cedar').getByRole('button', { name: 'Move up' }).isDisabled()).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Move down');

    await main().getByRole('button', { name: 'Save Collection' }).click();
    await page.getByRole('status').filter({ hasText: 'Collection created successfully' }).first().waitFor();
    await main().getByRole('heading', { name: 'Edit Collection', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/portfolio\/collections\/[0-9a-f-]{36}$/);
  });

  it('keeps the order across a reload; the screens are axe-clean at 1280 and 390 px', async () => {
    await page.reload();
    await main().getByRole('heading', { name: 'Edit Collection', level: 1 }).waitFor();
    await expect.poll(order).toEqual(['Cedar', 'Alder', 'Birch']);
    expect(await main().getByLabel('Title').inputValue()).toBe('Summer studies');
    expect(await main().getByRole('radio', { name: 'Public' }).isChecked()).toBe(true);
    await checkScreen(page, 'edit collection');
    await page.setViewportSize(PHONE);
    await checkScreen(page, 'edit collection');
    // On a phone each artwork's controls stay one row under its picture and name: rows of a list, not towers.
    for (const title of ['Cedar', 'Alder', 'Birch']) {
      const controls = item(title).getByRole('group');
      const tops = await controls
        .getByRole('button')
        .evaluateAll((buttons) => buttons.map((b) => Math.round(b.getBoundingClientRect().top)));
      expect(new Set(tops).size, `${title}'s controls in one row`).toBe(1);
      expect((await item(title).boundingBox())!.height).toBeLessThan(140);
    }

    await page.goto(`${server.url}/portfolio/collections`);
    const tiles = main().getByRole('list', { name: 'Collections' }).getByRole('link');
    await expect.poll(() => tiles.allTextContents()).toEqual(['Summer studies3 artworksPublic']);
    await checkScreen(page, 'collections');
    await page.setViewportSize(DESKTOP);
    await checkScreen(page, 'collections');
  });

  it("the Home page's Publish answers", async () => {
    await page.goto(server.url);
    await main().getByRole('button', { name: 'Publish', exact: true }).click();
    // What will change shows first; Publish now publishes.
    await main().getByRole('region', { name: 'Review before publishing' }).getByText('Your public site will show:').waitFor();
    await main().getByRole('button', { name: 'Publish now' }).click();
    await main().getByText('Your portfolio is published').waitFor({ timeout: 30_000 });
    expect(await main().getByRole('alert').count()).toBe(0);
  });

  it('the published site lists the public collection, its works in the saved order', async () => {
    const { url } = (await (await api('/api/publish')).json()) as { url: string };
    await page.goto(url);
    await page
      .getByRole('link', { name: /Summer studies/ })
      .first()
      .click();
    await page.getByRole('heading', { name: 'Summer studies', level: 1 }).waitFor();
    expect(await page.locator('main h3').allTextContents()).toEqual(['Cedar', 'Alder', 'Birch']);
    await checkScreen(page, 'public collection');
  });

  it('an unlisted collection opens by its link only: never listed on the artist page or in the sitemap', async () => {
    const [birch] = ((await (await api('/api/artwork')).json()) as { items: Array<{ artworkId: string; title: string }> }).items.filter(
      (a) => a.title === 'Birch',
    );
    const made = await api('/api/collection', {
      method: 'POST',
      json: { title: 'Sketchbook', visibility: 'unlisted', artworkIds: [birch.artworkId], tags: [] },
    });
    expect(made.status).toBe(201);
    const { collectionId } = (await made.json()) as { collectionId: string };
    expect((await api('/api/publish', { method: 'POST' })).status).toBe(200);
    const { url } = (await (await api('/api/publish')).json()) as { url: string };

    await page.goto(url);
    await page
      .getByRole('link', { name: /Summer studies/ })
      .first()
      .waitFor();
    expect(await page.getByText('Sketchbook').count()).toBe(0);
    const sitemap = await (await fetch(`${url}/sitemap.xml`)).text();
    expect(sitemap).toContain('/collections/');
    expect(sitemap).not.toContain(collectionId);

    const res = await page.goto(`${url}/collections/${collectionId}`);
    expect(res?.status()).toBe(200);
    await page.getByRole('heading', { name: 'Sketchbook', level: 1 }).waitFor();
    expect(await page.locator('main h3').allTextContents()).toEqual(['Birch']);
  });
});
