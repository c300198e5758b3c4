import fs from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Inventory } from '../../src/schemas/inventory.schema';
import type { StudioReport } from '../../src/schemas/studio-report.schema';
import { createVerifiedAccount, launchBrowser, newPage, startServer, type RunningServer } from '../support/browser';
import { logPageOnFailure, postArtwork, signInAt } from '../support/browser-steps';
import { dayFromToday } from '../support/inventory';
import { pdfText } from '../support/pdf-text';
import { checkScreen } from '../support/layout-check';
import { artworkInput } from '../support/portfolio';
import { jsonApi } from '../support/json-api';

const EMAIL = 'suzanne.galleries@example.com';
const PASSWORD = 'Valadon1894x';
const YEAR = new Date().getFullYear();

/**
 * Works at galleries in a real browser: Home reports where the works are, what sold and what is overdue; three works
 * consigned to one gallery, one comes back from the Consignments page; the consignment's form downloads as a PDF.
 */
describe('consignments and the report on Home, in a real browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let token: string;
  let works: string[];

  const api = jsonApi(() => ({ url: server.url, token }));

  beforeAll(async () => {
    server = await startServer();
    ({ idToken: token } = await createVerifiedAccount(server, EMAIL, PASSWORD));
    await api('/user', { method: 'POST', json: { firstName: 'Suzanne', lastName: 'Valadon' } });
    works = [];
    for (const title of ['Blue Room', 'Nude Arranging Her Hair', 'The Abandoned Doll', 'Bouquet', 'Sold Study']) {
      works.push((await postArtwork(server, token, artworkInput('PHYSICAL_2D', { title }))).artworkId);
    }
    const { contactId: nord } = await api<{ contactId: string }>('/contact', {
      method: 'POST',
      json: { name: 'Galerie Nord', kind: 'gallery' },
    });
    const { contactId: sud } = await api<{ contactId: string }>('/contact', {
      method: 'POST',
      json: { name: 'Galerie Sud', kind: 'gallery' },
    });
    const { contactId: buyer } = await api<{ contactId: string }>('/contact', {
      method: 'POST',
      json: { name: 'Ada Collector', kind: 'collector' },
    });
    // Three works at Galerie Nord until next quarter; one at Galerie Sud, whose consignment ended yesterday.
    const terms = { commissionPercent: 40, startsOn: dayFromToday(-30) };
    await api('/consignment', {
      method: 'POST',
      json: { contactId: nord, artworkIds: works.slice(0, 3), ...terms, endsOn: dayFromToday(90) },
    });
    await api('/consignment', { method: 'POST', json: { contactId: sud, artworkIds: [works[3]], ...terms, endsOn: dayFromToday(-1) } });
    await api(`/artwork/${works[4]}/sale`, {
      method: 'POST',
      json: { contactId: buyer, date: `${YEAR}-01-15`, price: { amount: 250000, currency: 'EUR' }, discount: 50000 },
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

  it("Home reports the studio: where the works are, the year's sales by month, and the overdue consignment", async () => {
    await signInAt(page, server.url, EMAIL, PASSWORD);
    const report = main().getByRole('region', { name: 'Your studio', exact: true });
    await report.waitFor();
    const figures = async (label: string) =>
      (await report.getByLabel(label, { exact: true }).locator('dt, dd').allTextContents()).join(' ');
    expect(await figures('By sale status')).toBe('Available 4 On hold 0 Sold 1 Not for sale 0');
    expect(await figures('Where they are')).toBe('In the studio 0 Consigned 4 On loan 0 With the buyer 1 Elsewhere 0');
    expect(await figures('Sales in EUR')).toBe('Sales 1 sale Gross EUR 2,000.00 Commission EUR 0.00 Net to you EUR 2,000.00');
    expect(await report.getByTestId('net-EUR-1').textContent()).toContain('January: EUR 2,000.00');
    const overdue = report.getByTestId('overdue-consignment');
    expect(await overdue.textContent()).toMatch(/^Galerie Sud: the consignment ended on .+, and 1 work is still there\.$/);
    // Last year had no sale; the next year is not there yet.
    await report.getByRole('button', { name: 'Previous year' }).click();
    await report.getByRole('heading', { name: `Sales in ${YEAR - 1}` }).waitFor();
    await report.getByText(`No sale recorded in ${YEAR - 1}.`).waitFor();
    await report.getByRole('button', { name: 'Next year' }).click();
    await report.getByRole('heading', { name: `Sales in ${YEAR}` }).waitFor();
    expect(await report.getByRole('button', { name: 'Next year' }).isDisabled()).toBe(true);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await checkScreen(page, 'home report');
    }
    // The overdue consignment leads to the Consignments page.
    await page.setViewportSize({ width: 1280, height: 900 });
    await overdue.getByRole('link', { name: 'Galerie Sud' }).click();
    await main().getByRole('heading', { name: 'Consignments', level: 1 }).waitFor();
  });

  it('returns one of the three works at Galerie Nord: the page, the artwork and Home follow', async () => {
    const nord = main().getByRole('article', { name: 'Galerie Nord' });
    await nord.waitFor();
    expect(await nord.getByText('3 works at the gallery').count()).toBe(1);
    expect(await main().getByRole('article', { name: 'Galerie Sud' }).getByText('Past its end date').count()).toBe(1);
    await checkScreen(page, 'consignments');
    expect(await nord.getByRole('button', { name: 'Return to the studio' }).isDisabled()).toBe(true);
    await nord.locator('label', { hasText: 'Nude Arranging Her Hair' }).click();
    await nord.getByRole('button', { name: 'Return 1 work to the studio' }).click();
    await page.getByText('1 work returned to the studio').waitFor();
    await nord.getByText('2 works at the gallery').waitFor();
    expect(await nord.getByRole('checkbox', { name: 'Nude Arranging Her Hair' }).count()).toBe(0);
    expect(await nord.getByText(/^Returned on /).count()).toBe(1);
    const inventory = await api<Inventory>(`/artwork/${works[1]}/inventory`);
    expect(inventory.pieces[0].custody).toBe('studio');
    expect((await api<Inventory>(`/artwork/${works[0]}/inventory`)).pieces[0].custody).toBe('consigned');
    expect((await api<StudioReport>('/report')).pieces.custody).toMatchObject({ studio: 1, consigned: 3 });
    // A work's link opens it on its Inventory, where it says where it is.
    await nord.getByRole('link', { name: 'Open Blue Room' }).click();
    await main().getByRole('tab', { name: 'Inventory', selected: true }).waitFor();
    await main().getByTestId('custody-state').filter({ hasText: 'Consigned' }).waitFor();
    await page.goBack();
    await nord.waitFor();
    await page.setViewportSize({ width: 390, height: 900 });
    await checkScreen(page, 'consignments returned');
  });

  it("downloads the paperwork as PDFs: Galerie Nord's consignment form, the inventory report from Home, a work's certificate, wall labels", async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    /** Clicks a download button; answers the PDF's text as pdftotext reads it. */
    const pdfFrom = async (button: ReturnType<Page['getByRole']>) => {
      const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
      expect(download.suggestedFilename()).toMatch(/\.pdf$/);
      const bytes = await fs.readFile((await download.path())!);
      return pdfText(new Response(bytes, { headers: { 'content-type': 'application/pdf' } }));
    };
    const nord = main().getByRole('article', { name: 'Galerie Nord' });
    expect(await pdfFrom(nord.getByRole('button', { name: 'Consignment form (PDF)' }))).toContain('Galerie Nord');

    await page.goto(server.url);
    const report = main().getByRole('region', { name: 'Your studio', exact: true });
    expect(await pdfFrom(report.getByRole('button', { name: 'Inventory report (PDF)' }))).toContain('The Abandoned Doll');
    await pdfFrom(report.getByRole('button', { name: 'Price list (PDF)' }));

    await page.goto(`${server.url}/portfolio/artwork/${works[4]}`);
    await main().getByRole('tab', { name: 'Inventory' }).click();
    expect(await pdfFrom(main().getByRole('button', { name: 'Certificate of authenticity (PDF)' }))).toContain('Sold Study');

    // Wall labels for the works chosen on My Artworks; none chosen, none to make.
    await page.goto(`${server.url}/portfolio/artwork`);
    await main().getByRole('button', { name: 'Select Multiple' }).click();
    const labels = main().getByRole('button', { name: 'Wall labels (PDF)' });
    expect(await labels.isDisabled()).toBe(true);
    await main().getByRole('checkbox', { name: 'Select Blue Room', exact: true }).check();
    await main().getByRole('checkbox', { name: 'Select Bouquet', exact: true }).check();
    const sheet = await pdfFrom(labels);
    expect(sheet).toContain('Blue Room');
    expect(sheet).toContain('Bouquet');
    expect(sheet).not.toContain('The Abandoned Doll');
  });
});
