import fs from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedAccount, launchBrowser, startServer, watchContentSecurity, type RunningServer } from '../support/browser';
import { logPageOnFailure, submitSignIn } from '../support/browser-steps';
import { checkScreen } from '../support/layout-check';
import { makePng } from '../support/social-browser';
import { ownTmpDir, type OwnTmpDir } from '../support/tmp-dir';

const PASSWORD = 'Giverny1883';
/** 270 characters of words, then a hashtag that crosses the limit: nothing of it may be cut. */
const LONG = `${'Water lilies at noon, '.repeat(12)}and the bridge #waterlilystudies in green and violet`;
const ALT = 'Water lilies on a green pond, a small bridge above';

/**
 * The composer in a real browser, with no account connected: a text past 280 characters is kept whole and offered as
 * a thread; the post, its picture and alt text survive a reload (IndexedDB) and are said to be restored; another
 * artist on the same browser never sees them, and signing out forgets them. At 390 px (and 360) dark, and 1280 px light.
 */
// One server for both sizes (each with its own artists and browser).
let tmp: OwnTmpDir;
let server: RunningServer;
let picture: string;
beforeAll(async () => {
  tmp = await ownTmpDir('studio-post-editor-browser-');
  server = await startServer();
  picture = path.join(tmp.path, 'water-lilies.png');
  await fs.writeFile(picture, await makePng(1200, 900));
});
afterAll(async () => {
  await server?.stop();
  await tmp?.restore();
});

describe.each([
  { width: 390, height: 844, phone: true, colorScheme: 'dark' as const, who: 'claude' },
  { width: 1280, height: 800, phone: false, colorScheme: 'light' as const, who: 'berthe' },
])('the post editor at $width px, $colorScheme', ({ width, height, phone, colorScheme, who }) => {
  let browser: Browser;
  let page: Page;
  const ada = `${who}@example.com`;
  const other = `${who}.other@example.com`;

  beforeAll(async () => {
    await createVerifiedAccount(server, ada, PASSWORD);
    await createVerifiedAccount(server, other, PASSWORD);
    browser = await launchBrowser();
    const context = await browser.newContext({
      viewport: { width, height },
      isMobile: phone,
      hasTouch: phone,
      deviceScaleFactor: phone ? 2 : 1,
      colorScheme,
    });
    await watchContentSecurity(context);
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
  });

  afterAll(async () => {
    await browser?.close();
  });

  logPageOnFailure(() => ({ page, server }));

  const main = () => page.getByRole('main');
  const content = () => main().getByLabel('Content');

  async function signIn(email: string) {
    await page.goto(server.url);
    await submitSignIn(page, email, PASSWORD);
    await page.getByTestId('welcome').waitFor();
  }
  async function signOut() {
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.getByRole('tab', { name: 'Sign In' }).waitFor();
  }
  async function openNewPost() {
    await page.goto(`${server.url}/social-media/post/new`);
    await main().getByRole('heading', { name: 'New Post', level: 1 }).waitFor();
  }

  it('keeps a text typed past 280 characters whole: the counter is red, says by how much, and offers a thread', async () => {
    await signIn(ada);
    await openNewPost();
    await content().pressSequentially(LONG, { delay: 0 });
    expect(await content().inputValue()).toBe(LONG);
    const counter = main().getByTestId('post-counter');
    expect(await counter.textContent()).toBe(`${LONG.length} / 280 characters`);
    expect(await counter.getAttribute('data-state')).toBe('over');
    await main()
      .getByText(`${LONG.length - 280} characters over the 280-character limit. Shorten the text, or split it into a thread.`)
      .waitFor();
    // The preview shows the post as Bluesky will, the hashtag highlighted.
    const preview = main().getByRole('article', { name: 'Bluesky preview' });
    expect(await preview.getByTestId('preview-text').textContent()).toBe(LONG);
    expect(await preview.locator('[data-facet="tag"]').textContent()).toBe('#waterlilystudies');
    await main().getByRole('button', { name: 'Split into a thread' }).waitFor();
    await checkScreen(page, 'composer over the limit');
  });

  it('with no account, Save refuses; the picture and its alt text are kept in this browser and come back after a reload', async () => {
    await main().locator('input[type="file"]').setInputFiles(picture);
    await main().getByLabel('Alt text for water-lilies.png').fill(ALT);
    await main().getByRole('button', { name: 'Save', exact: true }).click();
    await main().getByText('At least one account is required').waitFor();
    await expect.poll(() => main().getByTestId('local-copy').textContent()).toBe('Not saved yet: a copy is kept in this browser.');

    await page.reload();
    await main().getByRole('heading', { name: 'New Post', level: 1 }).waitFor();
    await main().getByTestId('restored-notice').waitFor();
    expect(await content().inputValue()).toBe(LONG);
    expect(await main().getByLabel('Alt text for water-lilies.png').inputValue()).toBe(ALT);
    // The picture itself came back from IndexedDB: it shows, in the file list and in the preview.
    const shown = main().getByRole('article', { name: 'Bluesky preview' }).getByRole('img', { name: ALT });
    await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1200);
    await checkScreen(page, 'composer restored');
  });

  it('is never shown to another artist on the same browser, and signing out forgets it', async () => {
    await signOut();
    await signIn(other);
    await openNewPost();
    expect(await content().inputValue()).toBe('');
    expect(await main().getByTestId('restored-notice').count()).toBe(0);
    await signOut();

    await signIn(ada);
    await openNewPost();
    expect(await content().inputValue()).toBe('');
    expect(await main().getByTestId('restored-notice').count()).toBe(0);
    const stored = await page.evaluate(
      () =>
        new Promise<number>((resolve, reject) => {
          const open = indexedDB.open('artist-studio');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const count = open.result.transaction('post-drafts').objectStore('post-drafts').count();
            count.onsuccess = () => resolve(count.result);
          };
        }),
    );
    expect(stored).toBe(0);
  });
});
