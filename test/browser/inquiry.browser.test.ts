import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFailed } from 'vitest';
import { expectAccessible, launchBrowser, newPage, startServer, startSmtp, type RunningServer } from '../support/browser';
import { checkScreen } from '../support/layout-check';
import { artworkInput } from '../support/portfolio';

const EMAIL = 'hilma.inquiries@example.com';
const PASSWORD = 'Spiral1906x';
const BUYER = {
  name: 'Grace Hopper',
  email: 'grace@buyer.example',
  message: 'Is Harbour Study still available?\nI could collect it in May.',
};

describe('an inquiry from the public site, with JavaScript off, reaches the artist by SMTP and in the app', () => {
  let server: RunningServer;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let browser: Browser;
  let page: Page;
  let formUrl: string;

  const api = async (path: string, init: { method?: string; json?: unknown; token?: string } = {}) => {
    const headers: Record<string, string> = {};
    if (init.json !== undefined) headers['content-type'] = 'application/json';
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    const res = await fetch(`${server.url}/api${path}`, {
      method: init.method ?? 'GET',
      headers,
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
    });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return res.json();
  };

  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startServer({ SMTP_URL: smtp.url });
    // The artist: an account verified through the mailed link, a name, one artwork, published.
    await api('/auth/create', { method: 'POST', json: { email: EMAIL, password: PASSWORD } });
    const token = new URL(await smtp.linkTo(EMAIL, 'verify-email')).searchParams.get('token');
    await api('/auth/verify-email', { method: 'POST', json: { token } });
    const { idToken } = await api('/auth/sign-in', { method: 'POST', json: { email: EMAIL, password: PASSWORD } });
    await api('/user', { method: 'POST', token: idToken, json: { firstName: 'Hilma', lastName: 'af Klint' } });
    const artwork = await api('/artwork', {
      method: 'POST',
      token: idToken,
      json: artworkInput('PHYSICAL_2D', { title: 'Harbour Study' }),
    });
    const { url } = await api('/publish', { method: 'POST', token: idToken });
    // Until the artwork pages carry it, the form has a page of its own beside the artwork's address.
    formUrl = `${url}/artworks/${artwork.artworkId}/inquiry`;
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await smtp?.close();
  });

  beforeEach(() => {
    onTestFailed(async () => {
      console.log(
        `URL ${page?.url()}\n${await page
          ?.locator('body')
          .ariaSnapshot()
          .catch(() => '')}\n${server.log().slice(-3000)}`,
      );
    });
  });

  it("the artist's Inquiries screen, under Portfolio, starts empty with its one way forward", async () => {
    ({ page } = await newPage(browser));
    await page.goto(server.url);
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Inquiries' }).click();
    const empty = page.getByRole('main').getByRole('status').filter({ hasText: 'No inquiries yet' });
    await empty.waitFor();
    expect(await empty.getByRole('link', { name: 'Go to Home to publish' }).getAttribute('href')).toBe('/');
    await expectAccessible(page, 'inquiries, empty');
    await page.context().close();
  });

  it('the form is accessible, and the keyboard goes name, e-mail, message, Send: never into the honeypot', async () => {
    ({ page } = await newPage(browser));
    await page.goto(formUrl);
    await page.getByRole('heading', { name: 'Ask about “Harbour Study” by Hilma af Klint' }).waitFor();
    await expectAccessible(page, 'inquiry form');
    await page.getByLabel('Your name').focus();
    const order = [];
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press('Tab');
      order.push(await page.evaluate(() => document.activeElement?.getAttribute('name') ?? document.activeElement?.textContent));
    }
    expect(order).toEqual(['email', 'message', 'Send message']);
    // Drawn in one clipped pixel: nobody sees it (Playwright counts any box as visible).
    const trap = await page.locator('.inquiry-trap').boundingBox();
    expect(trap!.width * trap!.height).toBeLessThanOrEqual(1);
    await page.context().close();
  });

  it('a buyer with JavaScript disabled sends the form and reads the thank-you, with the way back to the work', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await page.goto(formUrl);
    await page.getByLabel('Your name').fill(BUYER.name);
    await page.getByLabel('Your e-mail address').fill(BUYER.email);
    await page.getByRole('textbox', { name: 'Message' }).fill(BUYER.message);
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByText('Thank you — your message was sent to Hilma af Klint.').waitFor();
    const at = new URL(page.url());
    expect(at.search).toBe('?inquiry=sent');
    expect(at.hash).toBe('#inquiry');
    expect(await page.locator('form').count()).toBe(0);
    // In the site's own look, with the way back to the work, on a phone and a laptop, light and dark.
    const back = page.getByRole('link', { name: 'Back to “Harbour Study”' });
    expect(new URL((await back.getAttribute('href'))!, page.url()).pathname).toBe(new URL(formUrl).pathname.replace(/\/inquiry$/, ''));
    await back.click();
    await page.getByRole('heading', { level: 1, name: 'Harbour Study' }).waitFor();
    await context.close();
    // Checked where the policy watcher runs (it is a script): the same page in a browser with JavaScript on.
    const seen = await newPage(browser);
    await seen.page.goto(at.href);
    for (const width of [360, 390, 1280]) {
      await seen.page.setViewportSize({ width, height: width < 768 ? 844 : 900 });
      await checkScreen(seen.page, 'inquiry thank-you');
    }
    await seen.context.close();
  });

  it('the mail arrives at the SMTP peer for the artist, with Reply-To the buyer and a link to the app', async () => {
    await expect
      .poll(() => smtp.mails.find((m) => m.to.includes(EMAIL) && m.raw.includes('Subject: New inquiry about Harbour Study')), {
        timeout: 15_000,
      })
      .toBeDefined();
    const mail = smtp.mails.find((m) => m.raw.includes('Subject: New inquiry about Harbour Study'))!;
    expect(mail.raw).toContain(`Reply-To: ${BUYER.name} <${BUYER.email}>`);
    expect(mail.text).toContain('Is Harbour Study still available?');
    expect(mail.text).toContain(`${server.url}/portfolio/inquiries`);
  });

  it('the artist finds it under Portfolio > Inquiries, mailed, and marks it read', async () => {
    ({ page } = await newPage(browser));
    await page.goto(server.url);
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Inquiries' }).click();
    const main = page.getByRole('main');
    await main.getByRole('heading', { name: 'Inquiries', level: 1 }).waitFor();
    const card = main.getByRole('article', { name: 'Harbour Study' });
    await card.waitFor();
    expect(await card.textContent()).toContain(`From ${BUYER.name}`);
    expect(await card.getByRole('link', { name: BUYER.email }).getAttribute('href')).toBe(`mailto:${BUYER.email}`);
    expect(await card.getByText('Mail not sent yet').count()).toBe(0);
    expect(await main.getByTestId('unread-count').textContent()).toBe('1 unread');
    await expectAccessible(page, 'inquiries');
    await card.getByRole('button', { name: /^Mark as read/ }).click();
    await expect.poll(() => main.getByTestId('unread-count').textContent()).toBe('0 unread');
    expect(await card.getByText('Unread', { exact: true }).count()).toBe(0);
  });
});
