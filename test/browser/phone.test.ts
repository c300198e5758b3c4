import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { launchBrowser, startServer, startSmtp, watchContentSecurity, type RunningServer } from '../support/browser';
import { closeWithEscape } from '../support/browser-steps';
import { checkScreen } from '../support/layout-check';
import type { Pds } from '../support/pds';
import { sharedPds } from '../support/shared-pds';
import { makeJpeg } from '../support/portfolio';
import { SOCIAL_TEST_ENV, newPdsAccount, type PdsAccount } from '../support/social';

const PASSWORD = 'Sketchbook24';

/**
 * One artist's first hour, on a phone whose system is set to dark and on a laptop set to light: every screen fits its
 * width, reads whole and stays axe-clean, in both colour schemes (checkScreen switches to the other one too).
 */
describe.each([
  { size: 'phone', width: 390, height: 844, email: 'berthe@example.com', handle: 'berthe', colorScheme: 'dark' as const },
  { size: 'desktop', width: 1280, height: 800, email: 'mary@example.com', handle: 'mary', colorScheme: 'light' as const },
])('the studio at $width × $height, $colorScheme', ({ size, width, height, email, handle, colorScheme }) => {
  const phone = size === 'phone';
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let pds: Pds;
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let artist: PdsAccount;

  beforeAll(async () => {
    smtp = await startSmtp();
    pds = await sharedPds();
    artist = await newPdsAccount(pds, handle);
    server = await startServer({ ...SOCIAL_TEST_ENV, SMTP_URL: smtp.url });
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
    await server?.stop();
    await pds?.close();
    await smtp?.close();
  });

  const main = () => page.getByRole('main');

  /** A section link: through the drawer on a phone (which then closes), beside the page on a desktop. */
  async function openSection(link: string) {
    if (phone) {
      expect(await page.getByRole('navigation', { name: 'Sections' }).count()).toBe(0);
      const menu = page.getByRole('button', { name: 'Open navigation' });
      await menu.click();
      const drawer = page.getByRole('dialog', { name: 'Artist Studio' });
      await drawer.getByRole('link', { name: link, exact: true }).click();
      await drawer.waitFor({ state: 'detached' });
      await expect.poll(() => menu.evaluate((el) => el === document.activeElement)).toBe(true);
    } else {
      await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: link, exact: true }).click();
    }
  }

  it('signs up, verifies the address and signs in', async () => {
    onTestFailed(async () => console.log(`URL ${page.url()}\n${server.log().slice(-3000)}`));
    await page.goto(server.url);
    // The page follows the system's setting from its first paint: the canvas is the scheme's paper.
    const canvas = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(canvas).toBe(colorScheme === 'dark' ? 'rgb(23, 20, 16)' : 'rgb(246, 241, 232)');
    await page.getByRole('tab', { name: 'Create Account' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm Password').fill(PASSWORD);
    await checkScreen(page, 'create account');
    await page.getByRole('button', { name: 'Create Account', exact: true }).click();
    await page.getByText('Account created successfully! Please check your email to verify your account.').waitFor();
    await page.goto(await smtp.linkTo(email, 'verify-email'));
    await page.getByText('Your email address is verified. You can sign in now.').waitFor();
    await page.getByRole('link', { name: 'Continue to Artist Studio' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    // No name given yet: the welcome says no name rather than a stand-in for one.
    await expect.poll(() => page.getByTestId('welcome').textContent()).toBe('Welcome');
    await main().getByRole('heading', { level: 1 }).first().waitFor();
    await checkScreen(page, 'home');
  });

  it('opens the drawer on a phone, and only there', async () => {
    const menu = page.getByRole('button', { name: 'Open navigation' });
    expect(await menu.count()).toBe(phone ? 1 : 0);
    if (!phone) return;
    await menu.click();
    const drawer = page.getByRole('dialog', { name: 'Artist Studio' });
    await drawer.getByRole('navigation', { name: 'Sections' }).waitFor();
    await checkScreen(page, 'navigation drawer');
    await closeWithEscape(page, drawer);
    await expect.poll(() => menu.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it('shows the profile', async () => {
    await openSection('Profile');
    await main().getByRole('button', { name: 'Edit Profile' }).waitFor();
    await checkScreen(page, 'profile');
  });

  it('creates an artwork and adds a photo', async () => {
    await openSection('All Artwork');
    await main().getByRole('heading', { name: 'My Artworks' }).waitFor();
    // Empty, it invites the first artwork with the one button its message names.
    const empty = main().getByRole('status').filter({ hasText: 'No artworks found.' });
    await empty.getByRole('button', { name: 'New Artwork' }).waitFor();
    await checkScreen(page, 'artwork list, empty');
    await main().getByRole('button', { name: 'Create Artwork' }).click();
    await page.getByRole('menuitem', { name: 'Physical 2D', exact: true }).click();
    await main().getByRole('heading', { name: 'Create New Artwork' }).waitFor();
    await checkScreen(page, 'new artwork');
    await main().getByLabel('Title').fill('Summer Evening on the Veranda, Bougival');
    await main().getByLabel('Year').fill('1881');
    await main().getByLabel('Medium').fill('Oil on canvas');
    await main().getByLabel('Description').fill('My daughter and her nurse on the veranda, the Seine beyond.');
    await main().getByLabel('Height (in)').fill('18');
    await main().getByLabel('Width (in)').fill('22');
    await main().getByRole('button', { name: 'Submit' }).click();
    await main().getByRole('heading', { name: 'Edit Artwork' }).waitFor();
    await checkScreen(page, 'saved artwork');

    await main().getByRole('tab', { name: 'Media' }).click();
    const chooser = page.waitForEvent('filechooser');
    await main().getByRole('button', { name: 'Choose files' }).click();
    await (await chooser).setFiles({ name: 'veranda.jpg', mimeType: 'image/jpeg', buffer: await makeJpeg(1200, 900) });
    const card = main().getByRole('list', { name: 'Media files' }).getByRole('listitem', { name: 'veranda.jpg', exact: true });
    await card.waitFor({ timeout: 30_000 });
    await expect.poll(() => card.getByRole('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await checkScreen(page, 'artwork media');

    await openSection('All Artwork');
    await main().getByRole('list', { name: 'Artworks' }).getByRole('link').first().waitFor();
    await checkScreen(page, 'artwork list');
  });

  it('opens the journal', async () => {
    await openSection('Activity Journal');
    await main().getByRole('heading', { name: 'Activity Journal' }).waitFor();
    await main().getByRole('listitem').first().waitFor();
    await checkScreen(page, 'journal');
  });

  it('connects a Bluesky account', async () => {
    await openSection('Social Media Accounts');
    await main().getByRole('heading', { name: 'Social Media Accounts', level: 1 }).waitFor();
    await main().getByRole('status').getByRole('link', { name: 'Connect your Bluesky account' }).waitFor();
    await checkScreen(page, 'social accounts, none');
    await main().getByRole('button', { name: 'New Social Media Account' }).click();
    await page.getByRole('menuitem', { name: 'Bluesky' }).click();
    await main().getByRole('button', { name: 'Use an app password instead' }).click();
    const form = main().getByRole('form', { name: 'Connect Bluesky' });
    await form.waitFor();
    await checkScreen(page, 'connect account');
    await form.getByLabel('Handle').fill(artist.handle);
    await form.getByLabel('App password').fill(artist.appPassword);
    await form.getByLabel('Server (PDS) address').fill(pds.url);
    await form.getByRole('button', { name: 'Connect', exact: true }).click();
    await main().getByRole('list', { name: 'Connected accounts' }).getByRole('listitem').waitFor();
    await checkScreen(page, 'social accounts');
  });

  it('writes a post and posts it', async () => {
    await openSection('Social Media Calendar');
    await main().getByRole('link', { name: 'New Social Media Post' }).click();
    await main().getByRole('heading', { name: 'New Post', level: 1 }).waitFor();
    await main().getByLabel('Content').fill('New on the easel: a summer evening on the veranda #impressionism');
    await expect
      .poll(() =>
        main()
          .getByRole('checkbox', { name: `Bluesky @${artist.handle}` })
          .isChecked(),
      )
      .toBe(true);
    await checkScreen(page, 'post editor');
    await main().getByRole('button', { name: 'Post', exact: true }).click();
    await main().getByRole('heading', { name: 'Published Post', level: 1 }).waitFor({ timeout: 30_000 });
    await checkScreen(page, 'published post');
  });

  it('writes a thread: its parts, each with its counter, and a split moved from the keyboard', async () => {
    await openSection('Social Media Calendar');
    await main().getByRole('link', { name: 'New Social Media Post' }).click();
    await main().getByRole('heading', { name: 'New Post', level: 1 }).waitFor();
    await main().getByRole('button', { name: 'Write as a thread' }).click();
    const text = Array.from({ length: 80 }, (_, i) => `veranda${i}${i % 8 === 7 ? '.' : ''}`).join(' ');
    await main().getByLabel('Content').fill(text);
    const parts = main().getByRole('list', { name: 'Thread parts' }).getByRole('listitem');
    await expect.poll(() => parts.count()).toBe(3);
    await main().getByRole('button', { name: 'Move split 2 one word earlier' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => main().getByTestId('thread-note').textContent()).toMatch(/^Split 2 moved: part 2 has \d+ characters/);
    await checkScreen(page, 'thread editor');
    // Nothing left to lose, so the next section opens without asking.
    await main().getByRole('button', { name: 'Write as one post' }).click();
    await main().getByLabel('Content').fill('');
  });

  it('opens the calendar: the week, and the month as a list of days on a phone', async () => {
    await openSection('Social Media Calendar');
    await main().getByRole('heading', { name: 'Social Media Calendar', level: 1 }).waitFor();
    await main().getByRole('radio', { name: 'Week' }).check({ force: true });
    await main().getByText('New on the easel').first().waitFor();
    await checkScreen(page, 'calendar week');
    await main().getByRole('radio', { name: 'Month' }).check({ force: true });
    await main().getByText('New on the easel').first().waitFor();
    // A phone gets the month's days with posts as a list; a desktop the grid.
    expect(await main().getByRole('table').count()).toBe(phone ? 0 : 1);
    await checkScreen(page, 'calendar month');
    // No drafts: the empty state and its one way forward.
    await main().getByRole('radio', { name: 'List Drafts' }).check({ force: true });
    await main().getByRole('status').filter({ hasText: 'No drafts.' }).getByRole('link', { name: 'Write a post' }).waitFor();
    await checkScreen(page, 'calendar drafts, none');
  });
});
