import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NAV_SECTIONS } from '../../src/views/shell/nav-sections';
import { createVerifiedAccount, launchBrowser, startServer, watchContentSecurity, type RunningServer } from '../support/browser';
import { closeWithEscape, logPageOnFailure, postArtwork, submitSignIn } from '../support/browser-steps';
import { checkScreen } from '../support/layout-check';
import { artworkInput } from '../support/portfolio';

const PASSWORD = 'Sketchbook24';
const PAGES = NAV_SECTIONS.flatMap((s) => s.pages);

/**
 * The studio's one navigation on a phone (390 px, dark; checkScreen looks at 360 px and light too) and on a laptop
 * (1280 px, light; and dark): sections and their pages, the page shown marked, a drawer on the phone, keyboard order,
 * axe-clean; and, on the same screens, the list defects found walking My Artworks (rows on a phone, the filter bar).
 */
describe.each([
  { size: 'phone', width: 390, height: 844, colorScheme: 'dark' as const },
  { size: 'laptop', width: 1280, height: 800, colorScheme: 'light' as const },
])('the studio navigation at $width px, $colorScheme', ({ size, width, height, colorScheme }) => {
  const phone = size === 'phone';
  const email = `nav-${size}@example.com`;
  let server: RunningServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    server = await startServer();
    const { idToken } = await createVerifiedAccount(server, email, PASSWORD);
    // A painting, a video and a recording, none with a picture yet.
    for (const [title, type] of [
      ['Harbour at dusk, seen from the lighthouse', 'PHYSICAL_2D'],
      ['Night swim', 'VIDEO'],
      ['Rain on tin', 'AUDIO'],
    ] as const) {
      await postArtwork(server, idToken, artworkInput(type, { title, saleStatus: 'NOT_FOR_SALE' }));
    }
    browser = await launchBrowser();
    const context = await browser.newContext({ viewport: { width, height }, isMobile: phone, hasTouch: phone, colorScheme });
    await watchContentSecurity(context);
    page = await context.newPage();
    page.setDefaultTimeout(20_000);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  logPageOnFailure(() => ({ page, server }));

  const main = () => page.getByRole('main');
  const sections = () => page.getByRole('navigation', { name: 'Sections' });
  const drawer = () => page.getByRole('dialog', { name: 'Artist Studio' });
  const menuButton = () => page.getByRole('button', { name: 'Open navigation' });

  /** Follows a page's link: from the drawer on a phone (which then closes, focus back on its button), beside the page on a laptop. */
  async function go(label: string) {
    if (phone) {
      await menuButton().click();
      await drawer().getByRole('link', { name: label, exact: true }).click();
      await drawer().waitFor({ state: 'detached' });
      await expect.poll(() => menuButton().evaluate((el) => el === document.activeElement)).toBe(true);
    } else await sections().getByRole('link', { name: label, exact: true }).click();
  }

  it('signs in to one navigation: its four sections, no second bar of links, and a welcome without a stand-in name', async () => {
    await page.goto(server.url);
    await submitSignIn(page, email, PASSWORD);
    await expect.poll(() => page.getByTestId('welcome').textContent()).toBe('Welcome');
    expect(await page.getByText('New User').count()).toBe(0);
    // The header's face: no picture and no name yet, the user icon.
    expect(await page.getByTestId('header-avatar').getAttribute('data-state')).toBe('icon');
    expect(await page.getByRole('navigation').count()).toBe(phone ? 0 : 1);
    if (phone) await menuButton().click();
    for (const name of ['Home', 'Portfolio', 'Social Media', 'Profile']) await sections().getByRole('list', { name }).waitFor();
    // Creating is done on the pages themselves, not from the navigation.
    for (const verb of ['Create Artwork', 'New Collection', 'New Social Media Post', 'New Social Media Account'])
      expect(await sections().getByText(verb).count(), verb).toBe(0);
    await checkScreen(page, phone ? 'studio navigation drawer' : 'studio home');
    if (phone) {
      await closeWithEscape(page, drawer());
      await checkScreen(page, 'studio home');
    }
  });

  it('reaches every page of every section, each marked as the page shown', async () => {
    for (const target of PAGES) {
      await go(target.label);
      await expect.poll(() => new URL(page.url()).pathname, { message: target.label }).toBe(target.href);
      await main().getByRole('heading', { level: 1 }).first().waitFor();
      if (phone) await menuButton().click();
      const current = sections().locator('a[aria-current="page"]');
      await expect.poll(() => current.textContent(), { message: target.label }).toBe(target.label);
      if (phone) {
        await closeWithEscape(page, drawer());
      }
    }
  });

  it('marks the page an editor belongs to, drawn like the page shown: the way back', async () => {
    await go('All Collections');
    await main().getByRole('link', { name: 'New Collection' }).click();
    await main().getByRole('heading', { name: 'New Collection', level: 1 }).waitFor();
    if (phone) await menuButton().click();
    const back = sections().getByRole('link', { name: 'All Collections' });
    expect(await back.getAttribute('aria-current')).toBe('true');
    const look = (name: string) =>
      sections()
        .getByRole('link', { name, exact: true })
        .evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(await look('All Collections')).not.toBe(await look('Inquiries'));
    if (phone) {
      await closeWithEscape(page, drawer());
    }
  });

  it('is in a sensible keyboard order: skip link, then the way home and the sections in order, then the account menu', async () => {
    // A fresh page: the first Tab starts at the top of the document.
    await page.goto(server.url);
    await page.getByTestId('welcome').waitFor();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
    const order: string[] = [];
    for (let i = 0; i < (phone ? 3 : PAGES.length + 2); i++) {
      await page.keyboard.press('Tab');
      order.push(
        await page.evaluate(() => document.activeElement?.getAttribute('aria-label') || document.activeElement?.textContent || ''),
      );
    }
    expect(order).toEqual(
      phone ? ['Open navigation', 'Account menu', order[2]] : ['Artist Studio', ...PAGES.map((p) => p.label), 'Account menu'],
    );
    // Tab order inside the drawer starts at its first link and stays in it.
    if (phone) {
      await menuButton().click();
      await drawer().waitFor();
      const seen = new Set<string>();
      for (let i = 0; i < PAGES.length + 3; i++) {
        await page.keyboard.press('Tab');
        seen.add(await page.evaluate(() => (document.activeElement?.closest('[role="dialog"]') ? 'in' : 'out')));
      }
      expect([...seen]).toEqual(['in']);
      await closeWithEscape(page, drawer());
    }
  });

  it('shows each work with no picture by its media type (Video, Audio, No picture yet), never Image not available', async () => {
    await go('All Artwork');
    const tiles = main().getByRole('list', { name: 'Artworks' });
    await tiles.getByText('Night swim').waitFor();
    expect(await tiles.getByText('Video', { exact: true }).count()).toBe(1);
    expect(await tiles.getByText('Audio', { exact: true }).count()).toBe(1);
    expect(await tiles.getByText('No picture yet', { exact: true }).count()).toBe(1);
    expect(await main().getByText('Image not available').count()).toBe(0);
    await checkScreen(page, 'studio artworks');
  });

  it('keeps the filter bar still when Clear filters appears', async () => {
    if (phone) await main().getByText('Filters', { exact: true }).click();
    const options = main().getByRole('group', { name: 'List options' });
    const boxes = () =>
      options.evaluate((group) =>
        [...group.querySelectorAll('input, button, [data-part="trigger"]')]
          .filter((el) => getComputedStyle(el).visibility !== 'hidden')
          .map((el) => {
            const r = el.getBoundingClientRect();
            return `${(el.textContent || el.getAttribute('aria-label') || el.tagName).trim()}@${Math.round(r.x)},${Math.round(r.y)}`;
          }),
      );
    const before = await boxes();
    await options.getByRole('searchbox', { name: 'Search' }).fill('swim');
    await options.getByRole('button', { name: 'Clear filters' }).waitFor();
    const after = (await boxes()).filter((b) => !b.startsWith('Clear filters@'));
    expect(after).toEqual(before);
    await options.getByRole('button', { name: 'Clear filters' }).click();
    await main().getByRole('list', { name: 'Artworks' }).getByText('Rain on tin').waitFor();
  });

  it('shows the rows whole: every column on screen, the status included, with no scrolling box of its own', async () => {
    await page.goto(`${server.url}/portfolio/artwork?view=large-rows`);
    const table = main().getByRole('table', { name: 'Artworks' });
    await table.getByRole('link', { name: 'Night swim' }).waitFor();
    const placement = await table.evaluate((t) => {
      const inScroller = (el: Element | null): boolean => {
        for (let e = el?.parentElement; e && e !== document.body; e = e.parentElement) {
          const s = getComputedStyle(e);
          if (/(auto|scroll)/.test(s.overflowX) && e.scrollWidth > e.clientWidth) return true;
        }
        return false;
      };
      return [...t.querySelectorAll('tbody tr')].map((row) => {
        const status = row.querySelector('[data-column="status"]')!.getBoundingClientRect();
        return { right: Math.round(status.right), width: Math.round(status.width), scrolled: inScroller(row) };
      });
    });
    for (const cell of placement) {
      expect(cell.right).toBeLessThanOrEqual(width);
      expect(cell.width).toBeGreaterThan(0);
      expect(cell.scrolled).toBe(false);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await checkScreen(page, 'studio artworks rows');
  });

  it('offers connecting an account from the accounts page: New Social Media Account, by platform', async () => {
    await go('Social Media Accounts');
    await main().getByRole('button', { name: 'New Social Media Account' }).click();
    for (const platform of ['Bluesky', 'Facebook', 'Instagram']) await page.getByRole('menuitem', { name: platform }).waitFor();
    await checkScreen(page, 'studio accounts menu');
    await page.keyboard.press('Escape');
  });
});
