import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Consignment } from '../../src/schemas/consignment.schema';
import type { Inventory } from '../../src/schemas/inventory.schema';
import { createVerifiedAccount, launchBrowser, newPage, startServer, type RunningServer } from '../support/browser';
import { logPageOnFailure, postArtwork, signInAt } from '../support/browser-steps';
import { checkScreen } from '../support/layout-check';
import { artworkInput } from '../support/portfolio';
import { jsonApi } from '../support/json-api';

const EMAIL = 'gabriele.consigns@example.com';
const PASSWORD = 'Muenter1877x';
const TITLES = ['Village Street', 'Staffelsee', 'Murnau Church', 'Sold Sketch'];

/**
 * Consign... from My Artworks in a real browser: with no gallery yet, the dialog adds one by its name; four works
 * chosen, one of them sold, and the server's refusal stays in the open dialog; the sold one left out, the three go to
 * the gallery, and the toast leads to Consignments, where they are.
 */
describe('consigning several works from My Artworks, in a real browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let token: string;
  const ids: Record<string, string> = {};

  const api = jsonApi(() => ({ url: server.url, token }));

  beforeAll(async () => {
    server = await startServer();
    ({ idToken: token } = await createVerifiedAccount(server, EMAIL, PASSWORD));
    for (const title of TITLES) ids[title] = (await postArtwork(server, token, artworkInput('PHYSICAL_2D', { title }))).artworkId;
    const { contactId: buyer } = await api<{ contactId: string }>('/contact', {
      method: 'POST',
      json: { name: 'Wassily Collector', kind: 'collector' },
    });
    await api(`/artwork/${ids['Sold Sketch']}/sale`, {
      method: 'POST',
      json: { contactId: buyer, date: '2026-01-15', price: { amount: 90000, currency: 'EUR' } },
    });
    browser = await launchBrowser();
    ({ page } = await newPage(browser));
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  logPageOnFailure(() => ({ page, server }));
  const main = () => page.getByRole('main');
  const bar = () => main().getByRole('toolbar', { name: 'Selected artworks' });
  const dialog = () => page.getByRole('dialog', { name: 'Consign to a gallery' });
  const choose = async (titles: string[]) => {
    for (const title of titles)
      await main()
        .getByRole('checkbox', { name: `Select ${title}`, exact: true })
        .check();
    await bar().getByText(`${titles.length} selected`).waitFor();
  };

  it('adds the gallery from the dialog, and keeps the terms with the reason when a chosen work is sold', async () => {
    await signInAt(page, server.url, EMAIL, PASSWORD);
    await page.getByTestId('welcome').waitFor();
    await page.goto(`${server.url}/portfolio/artwork`);
    await main()
      .getByRole('link', { name: /Sold Sketch/ })
      .waitFor();
    await main().getByRole('button', { name: 'Select Multiple' }).click();
    await choose(TITLES);
    await bar().getByRole('button', { name: 'Consign...' }).click();

    // No gallery yet: one is added by its name, and chosen.
    await dialog().getByText('You have no gallery among your contacts yet.').waitFor();
    await page.setViewportSize({ width: 390, height: 844 });
    await checkScreen(page, 'bulk consign no gallery');
    await page.setViewportSize({ width: 1280, height: 900 });
    await dialog().getByRole('textbox', { name: "Gallery's name" }).fill('Galerie Murnau');
    await dialog().getByRole('button', { name: 'Add gallery' }).click();
    const gallery = dialog().getByRole('combobox', { name: 'Gallery' });
    await gallery.waitFor();
    expect(await gallery.locator('option:checked').textContent()).toBe('Galerie Murnau');
    expect((await api<{ items: { name: string; kind: string }[] }>('/contact?kind=gallery')).items.map((c) => c.name)).toEqual([
      'Galerie Murnau',
    ]);

    await dialog().getByRole('textbox', { name: 'Commission (%)' }).fill('40');
    await dialog().getByRole('button', { name: 'Consign', exact: true }).click();
    // The server's reason names the sold work; the dialog stays open with what was typed, and nothing was consigned.
    await dialog()
      .getByRole('alert')
      .getByText(/'Sold Sketch'/)
      .waitFor();
    expect(await dialog().getByRole('textbox', { name: 'Commission (%)' }).inputValue()).toBe('40');
    expect((await api<{ items: Consignment[] }>('/consignment')).items).toEqual([]);
    for (const width of [360, 390, 1280]) {
      await page.setViewportSize({ width, height: 844 });
      await checkScreen(page, 'bulk consign refused');
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    await dialog().waitFor({ state: 'detached' });
  });

  it('consigns the three others, and the toast leads to Consignments, where they are', async () => {
    // The selection stays after a cancel: the sold work is left out.
    await main().getByRole('checkbox', { name: 'Select Sold Sketch', exact: true }).uncheck();
    await bar().getByText('3 selected').waitFor();
    await bar().getByRole('button', { name: 'Consign...' }).click();
    await dialog().getByRole('combobox', { name: 'Gallery' }).selectOption({ label: 'Galerie Murnau' });
    await dialog().getByRole('textbox', { name: 'Commission (%)' }).fill('40');
    for (const width of [360, 390, 1280]) {
      await page.setViewportSize({ width, height: 844 });
      await checkScreen(page, 'bulk consign');
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await dialog().getByRole('button', { name: 'Consign', exact: true }).click();

    const toast = page.getByRole('status', { name: 'Consigned' });
    await toast.getByText('3 works consigned to Galerie Murnau. To undo, return them from Consignments.').waitFor();
    await main().getByRole('button', { name: 'Select Multiple' }).waitFor();
    // The toast waits while pointed at.
    await toast.hover();
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 844 });
      await checkScreen(page, 'bulk consigned toast');
    }
    const [made] = (await api<{ items: Consignment[] }>('/consignment')).items;
    expect(made).toMatchObject({ gallery: { name: 'Galerie Murnau' }, commissionPercent: 40, open: 3 });
    expect(made.items.map((i) => i.title).sort()).toEqual(['Murnau Church', 'Staffelsee', 'Village Street']);
    expect((await api<Inventory>(`/artwork/${ids.Staffelsee}/inventory`)).pieces[0].custody).toBe('consigned');

    await toast.getByRole('link', { name: 'See consignments' }).click();
    await main().getByRole('heading', { name: 'Consignments', level: 1 }).waitFor();
    for (const title of ['Village Street', 'Staffelsee', 'Murnau Church']) await main().getByText(title, { exact: true }).first().waitFor();
    expect(await main().getByText('Sold Sketch').count()).toBe(0);
  });
});
