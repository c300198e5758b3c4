import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, watchContentSecurity } from '../support/browser';
import { checkScreen } from '../support/layout-check';
import { startSiteServer, type SiteServer } from '../support/site-server';
import { publishedImage, siteArtwork, siteCollection, siteSnapshot } from '../support/site-snapshot';

// Images in the sizes publishing writes (xs, sm, md, lg), portrait and landscape in turn.
const works = Array.from({ length: 24 }, (_, i) =>
  siteArtwork(i + 1, {
    title: i === 0 ? 'Blue Harbour' : `Study of the Quay ${i + 1}`,
    image: publishedImage(
      `a${i + 1}`,
      i === 0 ? 'Blue Harbour' : `Study of the Quay ${i + 1}`,
      i % 2 ? { width: 4, height: 3 } : { width: 3, height: 4 },
    ),
    description: 'Morning light on the water.',
    tags: ['sea', 'oil'],
    posts:
      i === 0
        ? [
            {
              platform: 'Bluesky',
              handle: 'hilma.bsky.social',
              url: 'https://bsky.app/profile/hilma.bsky.social/post/3k',
              postedAt: '2026-03-01T10:00:00Z',
            },
          ]
        : [],
  }),
);
// The first work has two more images: a gallery under its picture.
works[0].gallery = [
  publishedImage('a1-2', 'Blue Harbour, image 2 of 3', { width: 3, height: 4 }),
  publishedImage('a1-3', 'Blue Harbour, image 3 of 3', { width: 4, height: 3 }),
];
const coast = siteCollection(works, { title: 'The Coast', description: 'Twenty-four studies of the harbour.' });
const hidden = siteCollection(works.slice(0, 3), { title: 'For the gallery', visibility: 'unlisted' });
const snapshot = siteSnapshot({
  artist: 'Hilma af Klint',
  copyright: '© 2026 Hilma af Klint',
  artworks: works,
  collections: [coast, hidden],
  profile: {
    bio: 'I paint what cannot be seen: the spiritual world behind the visible one.\nStockholm, since 1906.',
    website: 'https://hilma.example/works',
    email: 'studio@hilma.example',
    instagram: 'hilma.af.klint',
    bluesky: 'hilma.bsky.social',
    avatar: { alt: '', files: [{ file: 'avatar-sq.webp', width: 256, height: 256 }] },
  },
});

const PAGES = [
  { screen: 'site artist', path: '', heading: 'Hilma af Klint' },
  { screen: 'site collection', path: `/collections/${coast.id}`, heading: 'The Coast' },
  { screen: 'site unlisted collection', path: `/collections/${hidden.id}`, heading: 'For the gallery' },
  { screen: 'site artwork', path: `/artworks/${works[0].id}`, heading: 'Blue Harbour' },
];

describe('the public site in Chromium', () => {
  let site: SiteServer;
  let browser: Browser;

  beforeAll(async () => {
    site = await startSiteServer(snapshot);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
  });

  /** Every image in view has loaded (the lazy ones below are left alone). */
  const imagesInViewLoaded = (page: Page) =>
    page.evaluate(() =>
      [...document.images]
        .filter((img) => img.getBoundingClientRect().top < innerHeight && img.getClientRects().length)
        .every((img) => img.complete && img.naturalWidth > 0),
    );

  it('reads fine with JavaScript disabled: headings, text, links and the first pictures', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    try {
      const page = await context.newPage();
      for (const p of PAGES) {
        const res = await page.goto(site.url(p.path));
        expect(res?.status()).toBe(200);
        await page.getByRole('heading', { level: 1, name: p.heading }).waitFor();
        await expect.poll(() => imagesInViewLoaded(page)).toBe(true);
      }
      // The artist's page lists the public collection, never the unlisted one, then every work.
      await page.goto(site.url());
      expect(await page.getByRole('region', { name: 'Collections' }).getByRole('link').allTextContents()).toEqual(['The Coast24 works']);
      expect(await page.getByRole('region', { name: 'Works' }).getByRole('link').count()).toBe(24);
      await page.getByRole('link', { name: /^Blue Harbour/ }).click();
      await page.getByRole('heading', { level: 1, name: 'Blue Harbour' }).waitFor();
      await page.getByRole('heading', { level: 2, name: 'Where it was posted' }).waitFor();
      expect(await page.getByRole('link', { name: 'Bluesky · @hilma.bsky.social' }).getAttribute('rel')).toBe('noopener');
      await page.getByRole('link', { name: 'Hilma af Klint' }).click();
      await page.getByRole('heading', { level: 1, name: 'Hilma af Klint' }).waitFor();
    } finally {
      await context.close();
    }
  });

  for (const width of [360, 390, 1280]) {
    it(`at ${width} px: no console message, no CSP violation, no layout problem, axe-clean in both schemes`, async () => {
      const context = await browser.newContext({ viewport: { width, height: width < 768 ? 844 : 900 } });
      await watchContentSecurity(context);
      const logged: string[] = [];
      try {
        const page = await context.newPage();
        page.on('console', (m) => logged.push(`${m.type()}: ${m.text()}`));
        page.on('pageerror', (e) => logged.push(`error: ${e.message}`));
        for (const p of PAGES) {
          await page.goto(site.url(p.path));
          await page.getByRole('heading', { level: 1, name: p.heading }).waitFor();
          await expect.poll(() => imagesInViewLoaded(page)).toBe(true);
          await checkScreen(page, p.screen);
        }
        expect(logged).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }

  /** Each picture in the page with a `sizes`: the width it says and the width it is drawn (the hidden lightbox's aside). */
  const sizesAndWidths = (page: Page) =>
    page.evaluate(() =>
      [...document.querySelectorAll<HTMLImageElement>('img[sizes]')]
        .filter((img) => img.getClientRects().length)
        .map((img) => {
          const length = img.sizes
            .split(', ')
            .map((part) => /^(\([^)]*\))?\s*(.+)$/.exec(part)!)
            .find(([, condition]) => !condition || matchMedia(condition).matches)![2];
          const probe = document.createElement('div');
          probe.style.width = length;
          document.body.append(probe);
          const said = probe.getBoundingClientRect().width;
          probe.remove();
          return { said, drawn: img.getBoundingClientRect().width, file: img.currentSrc.split('/').pop() };
        }),
    );

  for (const width of [390, 700, 1100, 1280]) {
    it(`at ${width} px: each picture's sizes says how wide it is drawn (at most 2 px and 2% more, never less)`, async () => {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      try {
        const page = await context.newPage();
        for (const p of [PAGES[1], PAGES[3]]) {
          await page.goto(site.url(p.path));
          const pictures = await sizesAndWidths(page);
          expect(pictures.length, p.screen).toBeGreaterThan(0);
          for (const { said, drawn } of pictures) {
            expect(said, `${p.screen}: drawn ${drawn}`).toBeGreaterThanOrEqual(drawn - 0.5);
            expect(said, `${p.screen}: drawn ${drawn}`).toBeLessThanOrEqual(drawn * 1.02 + 2);
          }
        }
      } finally {
        await context.close();
      }
    });
  }

  it("on Lighthouse's phone (412 px at 1.75x) the picture gets the 960 px size, its thumbnails and the tiles the 400 px one", async () => {
    // A new browser context per page: Chromium takes a larger size it already holds (the picture's) for a tile.
    const filesOn = async (path: string) => {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75 });
      try {
        const page = await context.newPage();
        await page.goto(site.url(path));
        await expect.poll(() => imagesInViewLoaded(page)).toBe(true);
        return (await sizesAndWidths(page)).map((p) => p.file);
      } finally {
        await context.close();
      }
    };
    // Its gallery's thumbnails, in view under it, get the smallest size.
    expect(await filesOn(PAGES[3].path)).toEqual(['1-a1-md.webp', '1-a1-2-xs.webp', '1-a1-3-xs.webp']);
    expect((await filesOn(PAGES[1].path)).slice(0, 4)).toEqual(['1-a1-xs.webp', '1-a2-xs.webp', '1-a3-xs.webp', '1-a4-xs.webp']);
  });

  it("the home shows the artist's words and links; every image of a work opens full size, Esc closes it; Previous and Next", async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await watchContentSecurity(context);
    const logged: string[] = [];
    try {
      const page = await context.newPage();
      page.on('console', (m) => logged.push(`${m.type()}: ${m.text()}`));
      await page.goto(site.url());
      const about = page.getByRole('region', { name: 'About Hilma af Klint' });
      await about.getByText('I paint what cannot be seen').waitFor();
      expect(await about.getByRole('link').evaluateAll((links) => links.map((a) => [a.textContent, a.getAttribute('href')]))).toEqual([
        ['hilma.example/works', 'https://hilma.example/works'],
        ['studio@hilma.example', 'mailto:studio@hilma.example'],
        ['Instagram @hilma.af.klint', 'https://www.instagram.com/hilma.af.klint/'],
        ['Bluesky @hilma.bsky.social', 'https://bsky.app/profile/hilma.bsky.social'],
      ]);
      await expect.poll(() => about.locator('img.avatar').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(256);

      await page.goto(site.url(`/artworks/${works[0].id}`));
      const gallery = page.getByRole('list', { name: 'More images of this work' });
      expect(await gallery.getByRole('link').count()).toBe(2);
      await gallery.getByRole('link', { name: /image 3 of 3 ?, view full size$/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Blue Harbour, image 3 of 3, full size' });
      await dialog.waitFor();
      await expect
        .poll(() => dialog.getByRole('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBeGreaterThan(0);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      expect(new URL(page.url()).hash).toBe('#image-3');
      // The main picture's lightbox closes on Esc as well.
      await page
        .getByRole('link', { name: /^Blue Harbour ?, view full size$/ })
        .first()
        .click();
      await page.getByRole('dialog', { name: 'Blue Harbour, full size' }).waitFor();
      await page.keyboard.press('Escape');
      await page.getByRole('dialog', { name: 'Blue Harbour, full size' }).waitFor({ state: 'hidden' });

      // The newest work has no previous one; Next leads on, and Previous back.
      const pager = page.getByRole('navigation', { name: 'Other works' });
      expect(await pager.getByRole('link').allTextContents()).toEqual(['Next Study of the Quay 2']);
      await pager.getByRole('link', { name: /^Next/ }).click();
      await page.getByRole('heading', { level: 1, name: 'Study of the Quay 2' }).waitFor();
      await pager.getByRole('link', { name: /^Previous/ }).click();
      await page.getByRole('heading', { level: 1, name: 'Blue Harbour' }).waitFor();
      expect(logged).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('the lightbox opens and closes by keyboard, its focus visible, with no script', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    try {
      const page = await context.newPage();
      await page.goto(site.url(`/artworks/${works[0].id}`));
      const open = page.getByRole('link', { name: /^Blue Harbour ?, view full size$/ });
      const dialog = page.getByRole('dialog', { name: 'Blue Harbour, full size' });
      expect(await dialog.isVisible()).toBe(false);
      // Tab from the top of the page: the artist's link, then the picture.
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      expect(await open.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await open.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('solid');
      await page.keyboard.press('Enter');
      await dialog.waitFor();
      expect(new URL(page.url()).hash).toBe('#view');
      await expect
        .poll(() => dialog.getByRole('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBeGreaterThan(0);
      // The next Tab reaches the Close link, drawn with its focus ring.
      await page.keyboard.press('Tab');
      const close = dialog.getByRole('link', { name: 'Close' });
      expect(await close.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await close.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('solid');
      await page.keyboard.press('Enter');
      await dialog.waitFor({ state: 'hidden' });
      expect(new URL(page.url()).hash).toBe('#picture');
      // Back opens it again and Back once more closes it: each state is an address.
      await page.goBack();
      await dialog.waitFor();
      await page.goBack();
      await dialog.waitFor({ state: 'hidden' });
    } finally {
      await context.close();
    }
  });
});
