import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedAccount, expectAccessible, launchBrowser, newPage, startServer, type RunningServer } from '../support/browser';
import { logPageOnFailure, signInAt } from '../support/browser-steps';
import { artworkInput } from '../support/portfolio';
import { jsonApi } from '../support/json-api';

const EMAIL = 'berthe.inventory@example.com';
const PASSWORD = 'Spiral1906x';
// Where the screenshots go, to be looked at (not compared).
const SHOTS = process.env.INVENTORY_SHOTS ?? path.join(os.tmpdir(), 'inventory-shots');

describe("an artwork's life in a real browser: a sale recorded from its page, and the public site says Sold", () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let token: string;
  let artworkId: string;
  let siteUrl: string;
  let contactId: string;

  const api = jsonApi(() => ({ url: server.url, token }));

  beforeAll(async () => {
    server = await startServer();
    ({ idToken: token } = await createVerifiedAccount(server, EMAIL, PASSWORD));
    await api('/user', { method: 'POST', json: { firstName: 'Berthe', lastName: 'Morisot' } });
    ({ artworkId } = await api('/artwork', { method: 'POST', json: artworkInput('PHYSICAL_2D', { title: 'Harbour Study' }) }));
    await api(`/artwork/${artworkId}/pricing`, {
      method: 'PUT',
      json: { price: { amount: 125000, currency: 'EUR' }, display: 'price' },
    });
    ({ contactId } = await api('/contact', { method: 'POST', json: { name: 'Grace Hopper', kind: 'collector' } }));
    ({ url: siteUrl } = await api('/publish', { method: 'POST' }));
    browser = await launchBrowser();
    ({ page } = await newPage(browser));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  logPageOnFailure(() => ({ page, server }));

  const main = () => page.getByRole('main');
  const pieceCard = () => main().getByRole('list', { name: 'Pieces' }).getByRole('listitem', { name: 'This work' });
  const dialog = () => page.getByRole('dialog');

  it('the published site first shows the work as available, with its price', async () => {
    await page.goto(`${siteUrl}/artworks/${artworkId}`);
    const facts = await page.locator('main').textContent();
    expect(facts).toContain('Available');
    expect(facts).toContain('EUR 1,250.00');
    expect(facts).not.toContain('Sold');
  });

  it("records a sale from the artwork page's Inventory tab: the piece is Sold, with the buyer, and the history says so", async () => {
    await signInAt(page, server.url, EMAIL, PASSWORD);
    await expect.poll(() => page.getByTestId('welcome').textContent()).toBe('Welcome, Berthe Morisot');
    await page.goto(`${server.url}/portfolio/artwork/${artworkId}`);
    await main().getByRole('tab', { name: 'Inventory' }).click();
    await expect.poll(() => pieceCard().getByTestId('sale-state').textContent()).toBe('Available');
    await expectAccessible(page, 'inventory tab');

    await pieceCard().getByRole('button', { name: 'Record a sale' }).click();
    await dialog().getByRole('heading', { name: 'Record a sale' }).waitFor();
    // The asking price is offered; the buyer is one of the artist's contacts.
    expect(await dialog().getByLabel('Price').inputValue()).toBe('1250.00');
    await dialog().getByLabel('Buyer').selectOption({ label: 'Grace Hopper' });
    await expectAccessible(page, 'record a sale dialog');
    await dialog().getByRole('button', { name: 'Record a sale' }).click();

    await page.getByRole('status').filter({ hasText: 'Sale recorded' }).first().waitFor();
    await expect.poll(() => dialog().count()).toBe(0);
    await expect.poll(() => pieceCard().getByTestId('sale-state').textContent()).toBe('Sold');
    expect(await pieceCard().textContent()).toContain('Grace Hopper');
    expect(await pieceCard().getByRole('button', { name: 'Record a sale' }).count()).toBe(0);
    const history = main().getByRole('list', { name: 'History' });
    expect(await history.textContent()).toContain('Sold');
    await expectAccessible(page, 'inventory tab after the sale');

    // What the server kept: the same, through the API the site reads from.
    const inventory = await api<{ pieces: unknown[] }>(`/artwork/${artworkId}/inventory`);
    expect(inventory.pieces[0]).toMatchObject({ sale: 'sold', custody: 'withBuyer', currentSale: { net: 125000 } });
    expect((await api<{ saleStatus: string }>(`/artwork/${artworkId}`)).saleStatus).toBe('SOLD');
  });

  it("a second sale is refused with the chart's reason (409), and the page offers only the return", async () => {
    expect(await pieceCard().getByRole('button', { name: 'Return the sale' }).isEnabled()).toBe(true);
    const again = await fetch(`${server.url}/api/artwork/${artworkId}/sale`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ contactId, date: '2026-03-05', price: { amount: 100, currency: 'EUR' } }),
    });
    expect(again.status).toBe(409);
    expect((await again.json()).message).toBe('Artwork is already sold');
  });

  it('after the next publish, the public site shows the work Sold with its red dot, and no price', async () => {
    await api('/publish', { method: 'POST' });
    await page.goto(`${siteUrl}/artworks/${artworkId}`);
    const sold = page.locator('main .sold');
    await sold.waitFor();
    expect(await sold.textContent()).toBe('Sold');
    expect(await sold.locator('.dot').count()).toBe(1);
    const dot = await sold.locator('.dot').evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(dot).toMatch(/^rgb\((\d+), (\d+), (\d+)\)$/);
    const [r, g, b] = dot.match(/\d+/g)!.map(Number);
    expect(r).toBeGreaterThan(150);
    expect(Math.max(g, b)).toBeLessThan(100);
    const text = await page.locator('main').textContent();
    expect(text).not.toContain('Available');
    expect(text).not.toContain('EUR 1,250.00');
    // The buyer never reaches the public site.
    expect(await page.content()).not.toContain('Grace Hopper');
    await page.goto(siteUrl);
    expect(await page.locator('main').textContent()).toContain('Sold');
  });

  it('draws the Inventory tab at 360, 390 and 1280 px, light and dark', async () => {
    for (const colorScheme of ['light', 'dark'] as const)
      for (const width of [360, 390, 1280]) {
        await fs.mkdir(SHOTS, { recursive: true });
        await page.emulateMedia({ colorScheme });
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`${server.url}/portfolio/artwork/${artworkId}`);
        await main().getByRole('tab', { name: 'Inventory' }).click();
        await pieceCard().waitFor();
        await page.screenshot({ path: `${SHOTS}/inventory-${width}-${colorScheme}.png`, fullPage: true });
        await pieceCard().getByRole('button', { name: 'Return the sale' }).click();
        await dialog().getByRole('heading').first().waitFor();
        await page.screenshot({ path: `${SHOTS}/inventory-dialog-${width}-${colorScheme}.png` });
        await expectAccessible(page, `return dialog ${width} ${colorScheme}`);
        await dialog().getByRole('button', { name: 'Cancel' }).click();
      }
  });
});
