import fs from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedAccount, launchBrowser, newPage, startServer, type RunningServer } from '../support/browser';
import { logPageOnFailure, signInAt } from '../support/browser-steps';
import { checkScreen } from '../support/layout-check';

const EMAIL = 'agnes.import@example.com';
const PASSWORD = 'Martin1912xyz';
const HEADER = 'title,year,medium,height,width,depth,unit,price,currency,status,location,inventoryNumber,edition,notes';
const GOOD = [
  'Friendship,1963,Oil on canvas,190,190,,cm,450.00,EUR,,,AM-1,,first show',
  'Untitled #9,1981,Acrylic,30,30,,cm,120.00,EUR,SOLD,,AM-2,,',
];
/** Two rows the import refuses: a price that is not a number, a currency that does not exist. */
const BAD = ['Grey stone,1961,Oil on canvas,180,180,,cm,a lot,EUR,,,AM-3,,', 'Leaf,1962,Ink,40,40,,cm,80.00,EURO,,,AM-4,,'];
const csv = (rows: string[]) => ({ name: 'inventory.csv', mimeType: 'text/csv', buffer: Buffer.from([HEADER, ...rows].join('\n') + '\n') });

/**
 * Moving in from CSV in a real browser: a file with two bad rows is read first and nothing goes in, each problem named
 * by line and column; the file mended goes in whole, and My Artworks shows the works.
 */
describe('importing an inventory from CSV, in a real browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let idToken: string;

  const titles = async () =>
    (
      (await (await fetch(`${server.url}/api/artwork?pageSize=50`, { headers: { authorization: `Bearer ${idToken}` } })).json()) as {
        items: { title: string; saleStatus: string }[];
      }
    ).items;

  beforeAll(async () => {
    server = await startServer();
    ({ idToken } = await createVerifiedAccount(server, EMAIL, PASSWORD));
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

  it('reads a file with two bad rows first, names each problem, and imports nothing', async () => {
    await signInAt(page, server.url, EMAIL, PASSWORD);
    await page.getByTestId('welcome').waitFor();
    await page.goto(`${server.url}/portfolio/artwork`);
    await main().getByRole('link', { name: 'Import CSV' }).click();
    await main().getByRole('heading', { name: 'Import artworks from CSV', level: 1 }).waitFor();
    await checkScreen(page, 'import csv');

    await page.getByTestId('import-file-input').setInputFiles(csv([...GOOD, ...BAD]));
    await main().getByRole('heading', { name: '2 problems to fix before importing', level: 2 }).waitFor();
    const problems = await main().getByRole('list', { name: 'Problems' }).getByRole('listitem').allTextContents();
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/^Line 4, column 8 \(price\): /);
    expect(problems[1]).toMatch(/^Line 5, column 9 \(currency\): /);
    expect(await main().getByText('Not read: notes').count()).toBe(1);
    expect(await main().getByRole('button', { name: 'Import 4 works' }).isDisabled()).toBe(true);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await checkScreen(page, 'import csv problems');
    }
    expect(await titles()).toEqual([]);
  });

  it('imports the mended file whole, and My Artworks shows its works', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByTestId('import-file-input').setInputFiles(csv(GOOD));
    await main().getByRole('heading', { name: '2 works ready to import', level: 2 }).waitFor();
    await main().getByRole('button', { name: 'Import 2 works' }).click();
    await main().getByText('2 works imported').waitFor();
    await checkScreen(page, 'import csv done');
    const works = Object.fromEntries((await titles()).map((w) => [w.title, w.saleStatus]));
    expect(works).toEqual({ Friendship: 'AVAILABLE', 'Untitled #9': 'SOLD' });

    // Out again in the same columns: the file the browser saves.
    const [download] = await Promise.all([page.waitForEvent('download'), main().getByRole('button', { name: 'Download CSV' }).click()]);
    expect(download.suggestedFilename()).toBe('artworks.csv');
    const saved = await fs.readFile((await download.path())!, 'utf8');
    expect(saved.split(/\r?\n/)[0]).toBe(HEADER.replace(',notes', ''));
    expect(saved).toContain('Friendship,1963,Oil on canvas,190,190,,cm,450.00,EUR,AVAILABLE');
    await main()
      .getByText(/artworks\.csv was downloaded/)
      .waitFor();

    await main().getByRole('link', { name: 'Go to My Artworks' }).click();
    await main()
      .getByRole('link', { name: /Untitled #9/ })
      .waitFor();
    await main()
      .getByRole('link', { name: /Friendship/ })
      .waitFor();
  });
});
