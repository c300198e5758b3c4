import fs from 'node:fs/promises';
import sharp from 'sharp';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectAccessible,
  expectVisibleControl,
  launchBrowser,
  newPage,
  startServer,
  startSmtp,
  type RunningServer,
} from '../support/browser';
import { logPageOnFailure, submitSignIn } from '../support/browser-steps';
import { unzip } from '../support/zip';

const EMAIL = 'ada@example.com';
const FIRST_PASSWORD = 'Palette2024';
const SECOND_PASSWORD = 'Canvas2025x';
const THIRD_PASSWORD = 'Easel2026yz';

describe('accounts in a real browser', () => {
  let server: RunningServer;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let browser: Browser;
  let page: Page;
  let context: BrowserContext;

  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startServer({ SMTP_URL: smtp.url });
    browser = await launchBrowser();
    ({ page, context } = await newPage(browser));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await smtp?.close();
  });

  logPageOnFailure(() => ({ page, server }));

  const welcome = () => page.getByTestId('welcome');

  async function signIn(password: string) {
    await submitSignIn(page, EMAIL, password);
    await expect.poll(() => welcome().textContent()).toMatch(/^Welcome/);
  }

  async function signOut() {
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.getByRole('tab', { name: 'Sign In' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
  }

  it('creates an account and verifies it through the mailed link', async () => {
    await page.goto(server.url);
    await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
    await expectAccessible(page, 'sign in');
    await page.getByRole('tab', { name: 'Create Account' }).click();
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password', { exact: true }).fill('short');
    await expect.poll(() => page.getByText('Password must be at least 8 characters').isVisible()).toBe(true);
    await expectAccessible(page, 'create account with an error');
    await page.getByLabel('Password', { exact: true }).fill(FIRST_PASSWORD);
    await page.getByLabel('Confirm Password').fill(FIRST_PASSWORD);
    await page.getByRole('button', { name: 'Create Account', exact: true }).click();
    await page.getByText('Account created successfully! Please check your email to verify your account.').waitFor();

    // Signing in before verifying says so and offers the link again.
    await page.getByRole('button', { name: 'Go to Sign In' }).click();
    await page.getByLabel('Password').fill(FIRST_PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByText('Please verify your email address before signing in.').waitFor();
    await page.getByRole('button', { name: 'Resend verification email' }).click();
    await page.getByText('a new verification link has been sent').waitFor();

    const link = await smtp.linkTo(EMAIL, 'verify-email');
    await page.goto(link);
    await page.getByText('Your email address is verified. You can sign in now.').waitFor();
    await expectAccessible(page, 'verify email');
  });

  it('signs in with no name yet (the top bar says only Welcome), edits the name and sees it in the top bar', async () => {
    const next = page.getByRole('link', { name: 'Continue to Artist Studio' });
    await expectVisibleControl(next);
    await next.click();
    await signIn(FIRST_PASSWORD);
    await expect.poll(() => welcome().textContent()).toBe('Welcome');
    await expectAccessible(page, 'home');

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await page.getByRole('button', { name: 'Edit Profile' }).waitFor();
    await expectAccessible(page, 'profile');
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    await expectAccessible(page, 'profile edit');
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await page.getByRole('button', { name: 'Edit Profile' }).waitFor();
    await expect.poll(() => welcome().textContent()).toBe('Welcome, Ada Lovelace');
    expect(await page.getByTestId('first-name').textContent()).toBe('Ada');
  });

  it('uploads an avatar and shows it', async () => {
    const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 200, g: 40, b: 90 } } })
      .png()
      .toBuffer();
    await page.getByLabel('Avatar image file').setInputFiles({ name: 'portrait.png', mimeType: 'image/png', buffer: png });
    // The picture is positioned in its circle before anything is sent.
    const cropper = page.getByRole('dialog', { name: 'Position your avatar' });
    await cropper.waitFor();
    const use = cropper.getByRole('button', { name: 'Use this picture' });
    await expect.poll(() => use.isEnabled()).toBe(true);
    await cropper.getByRole('group', { name: 'Avatar picture' }).focus();
    await page.keyboard.press('ArrowRight');
    await expectAccessible(page, 'avatar crop');
    await use.click();
    await cropper.waitFor({ state: 'detached' });
    const img = page.getByRole('img', { name: 'Avatar of Ada Lovelace' });
    await img.waitFor();
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(256);
    // The header shows the same face.
    await expect.poll(() => page.getByTestId('header-avatar').getAttribute('data-state')).toBe('picture');
  });

  it('changes the password and signs in with the new one', async () => {
    await page.getByRole('button', { name: 'Change Email & Password' }).click();
    await page.getByLabel('Current Password').fill('wrong-password');
    await page.getByLabel('New Password').fill(SECOND_PASSWORD);
    await expectAccessible(page, 'profile credentials');
    await page.getByRole('button', { name: 'Save Email and Password' }).click();
    await page.getByText('The current password is not correct.').first().waitFor();
    await page.getByLabel('Current Password').fill(FIRST_PASSWORD);
    await page.getByRole('button', { name: 'Save Email and Password' }).click();
    await page.getByText('Your password has been changed.').waitFor();

    await signOut();
    await submitSignIn(page, EMAIL, FIRST_PASSWORD);
    await page.getByText('Incorrect email or password.').waitFor();
    await signIn(SECOND_PASSWORD);
    await expect.poll(() => welcome().textContent()).toBe('Welcome, Ada Lovelace');
  });

  it('resets a forgotten password through the mailed link', async () => {
    await signOut();
    const before = smtp.mails.length;
    await page.getByRole('button', { name: 'Forgot Password?' }).click();
    await expectAccessible(page, 'forgot password');
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByText('If this email exists, a password reset link has been sent.').waitFor();

    await page.goto(await smtp.linkTo(EMAIL, 'reset-password', before));
    await page.getByLabel('New Password').fill(THIRD_PASSWORD);
    await page.getByLabel('Confirm Password').fill(THIRD_PASSWORD);
    await expectAccessible(page, 'reset password');
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await page.getByText('Your password has been reset.').waitFor();
    const back = page.getByRole('link', { name: 'Go to Sign In' });
    await expectVisibleControl(back);
    await back.click();
    await signIn(THIRD_PASSWORD);
  });

  it('shows the 404 page for an unknown address', async () => {
    await page.goto(`${server.url}/no/such/page`);
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    await expectAccessible(page, '404');
    // The way out is a real link, drawn as a button, that the keyboard follows.
    const home = page.getByRole('link', { name: 'Go to Home' });
    await expectVisibleControl(home);
    await home.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
  });

  it('returns to the sign-in screen once when the session is tampered with', async () => {
    await page.goto(`${server.url}/profile`);
    await page.getByRole('button', { name: 'Edit Profile' }).waitFor();
    // Count the app's navigations to '/' on the next load, then break both tokens and reload: the shell and the
    // profile page both call the API, both get 401, and the session must give up once.
    await page.addInitScript(() => {
      const w = window as unknown as { homeNavigations: number };
      w.homeNavigations = 0;
      const push = history.pushState.bind(history);
      history.pushState = (state, title, url) => {
        if (url && new URL(String(url), location.href).pathname === '/') w.homeNavigations += 1;
        return push(state, title, url);
      };
    });
    await page.evaluate(() => {
      const session = JSON.parse(localStorage.getItem('appSession')!);
      const [h, p] = session.idToken.split('.');
      session.idToken = `${h}.${p}.tampered-signature`;
      session.refreshToken = 'not-a-real-refresh-token';
      localStorage.setItem('appSession', JSON.stringify(session));
    });
    await page.reload();
    await page.getByRole('tab', { name: 'Sign In' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => (window as unknown as { homeNavigations: number }).homeNavigations)).toBe(1);
    expect(await page.evaluate(() => localStorage.getItem('appSession'))).toBeNull();

    // An expired, unrefreshable session found at start also lands on the sign-in screen.
    await page.evaluate(() => {
      const fake = (claims: object) => `e30.${btoa(JSON.stringify(claims)).replace(/=+$/, '')}.sig`;
      localStorage.setItem(
        'appSession',
        JSON.stringify({ idToken: fake({ sub: 'x', email: 'x', name: 'x', exp: 1 }), accessToken: 'a', refreshToken: 'gone' }),
      );
    });
    await page.goto(`${server.url}/profile`);
    await page.getByRole('tab', { name: 'Sign In' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.evaluate(() => localStorage.getItem('appSession'))).toBeNull();
  });

  it('downloads everything as a ZIP, with its progress shown', async () => {
    await page.goto(server.url);
    await signIn(THIRD_PASSWORD);
    // An artwork with a file big enough that the download takes a moment on a slowed connection.
    const { idToken } = await page.evaluate(() => JSON.parse(localStorage.getItem('appSession')!) as { idToken: string });
    const api = (path: string, body: unknown) =>
      fetch(`${server.url}/api${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${idToken}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const artwork = await (
      await api('/artwork', {
        title: 'Noise',
        saleStatus: 'AVAILABLE',
        mediaType: 'DIGITAL_2D',
        dimensions: { mediaType: 'DIGITAL_2D', height: 400, width: 400 },
      })
    ).json();
    const noise = await sharp(Buffer.from(Array.from({ length: 400 * 400 * 3 }, () => Math.floor(Math.random() * 256))), {
      raw: { width: 400, height: 400, channels: 3 },
    })
      .png()
      .toBuffer();
    const ticket = await (
      await api(`/artwork/${artwork.artworkId}/media`, { fileName: 'noise.png', fileType: 'image/png', fileSizeInBytes: noise.length })
    ).json();
    expect((await fetch(ticket.uploadUrl, { method: 'PUT', headers: ticket.headers, body: noise })).status).toBe(200);
    expect((await api(`/uploads/${ticket.uploadId}/complete`, undefined)).status).toBe(200);

    await page.goto(`${server.url}/profile`);
    await page.getByRole('button', { name: 'Download my data' }).waitFor();
    await expectAccessible(page, 'profile with your data');
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: 150 * 1024,
      uploadThroughput: -1,
    });
    const saved = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download my data' }).click();
    await page.getByRole('progressbar', { name: 'Download progress' }).waitFor();
    await expect.poll(() => page.getByText(/^Downloaded [\d.]+ KB of [\d.]+ KB$/).isVisible()).toBe(true);
    await expectAccessible(page, 'profile downloading');
    const download = await saved;
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    expect(download.suggestedFilename()).toMatch(/^artist-studio-\d{4}-\d{2}-\d{2}\.zip$/);
    await page.getByText(/^Your data was downloaded \([\d.]+ KB\)\.$/).waitFor();
    const entries = await unzip(await fs.readFile(await download.path()));
    expect([...entries.keys()].sort()).toEqual(
      [
        'artworks.json',
        'collections.json',
        'inquiries.json',
        'journal.json',
        `media/Noise (${artwork.artworkId})/noise.png`,
        'posts.json',
        'profile.json',
        // The avatar as it was uploaded (portrait.png), not the cut the studio shows.
        'profile/avatar.png',
      ].sort(),
    );
    // Media folders are named by the work's title and id.
    expect(entries.get(`media/Noise (${artwork.artworkId})/noise.png`)).toEqual(noise);
    expect(JSON.parse(entries.get('profile.json')!.toString())).toMatchObject({ email: EMAIL, firstName: 'Ada', lastName: 'Lovelace' });
  });

  it('fits a phone and a desktop screen', async () => {
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.getByRole('button', { name: 'Delete my account' }).click();
      await page.getByLabel('Type DELETE to confirm').waitFor();
      // Nothing wider than the screen: no sideways scrolling.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await expectAccessible(page, `delete my account at ${width} px`);
      await page.getByRole('button', { name: 'Cancel' }).last().click();
    }
  });

  it('deletes the account after the password and DELETE, signs out, and the address can sign up again', async () => {
    const before = smtp.mails.length;
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await page.getByLabel('Current Password').fill('Wrong2026xx');
    await page.getByLabel('Type DELETE to confirm').fill('delete');
    await page.getByRole('button', { name: 'Delete my account forever' }).click();
    await page.getByText('Type DELETE to confirm', { exact: true }).last().waitFor();
    await page.getByLabel('Type DELETE to confirm').fill('DELETE');
    await page.getByRole('button', { name: 'Delete my account forever' }).click();
    await page.getByText('The current password is not correct.').first().waitFor();
    await expectAccessible(page, 'delete my account refused');
    await page.getByLabel('Current Password').fill(THIRD_PASSWORD);
    await page.getByRole('button', { name: 'Delete my account forever' }).click();

    await page.getByRole('tab', { name: 'Sign In' }).waitFor();
    await page.getByText('Your account was deleted.').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('appSession'))).toBeNull();
    await expect
      .poll(() => smtp.mails.slice(before).some((m) => m.to.includes(EMAIL) && m.raw.includes('Your Artist Studio account was deleted')))
      .toBe(true);

    await submitSignIn(page, EMAIL, THIRD_PASSWORD);
    await page.getByText('Incorrect email or password.').waitFor();
    const created = await fetch(`${server.url}/api/auth/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: EMAIL, password: FIRST_PASSWORD }),
    });
    expect(created.status).toBe(201);
    await expect.poll(() => smtp.mails.slice(before).some((m) => m.to.includes(EMAIL) && m.text.includes('verify-email'))).toBe(true);
  });
});
