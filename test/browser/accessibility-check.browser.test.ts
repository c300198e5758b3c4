import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, launchBrowser, newPage } from '../support/browser';

/**
 * expectAccessible keeps axe-core in a document once it is there (test/support/browser.ts says why): a later audit of
 * the same document must still read what it shows then, its frames included, and a new document gets axe again.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const doc = (title: string, body: string) =>
  `<!doctype html><html lang="en"><title>${title}</title><main><h1>${title}</h1>${body}</main></html>`;
const PAGES: Record<string, string> = {
  '/clean': doc('Clean', '<button>Save</button>'),
  '/framed': doc('Framed', '<iframe title="Inner" src="/inner"></iframe>'),
  '/inner': doc('Inner', '<img src="/none.png">'),
};

/** A page of the pages above, served from one origin as the studio's are. */
async function openSite(): Promise<Page> {
  const { page } = await newPage(browser);
  await page.route('http://site.test/**', (route) => {
    const body = PAGES[new URL(route.request().url()).pathname];
    return body ? route.fulfill({ body, contentType: 'text/html' }) : route.fulfill({ status: 404 });
  });
  return page;
}

/** What a failing check lists ('' when it passes). */
async function problems(page: Page, screen: string): Promise<string> {
  try {
    await expectAccessible(page, screen);
    return '';
  } catch (err) {
    return JSON.stringify((err as { actual?: unknown }).actual ?? String(err));
  }
}

type Marked = { axe: { mark?: number } };

describe('the accessibility check', () => {
  it('audits the document as it is at each call, with axe sent to it once', async () => {
    const page = await openSite();
    await page.goto('http://site.test/clean');
    await expectAccessible(page, 'clean');
    // Marks the copy of axe the page holds: a copy sent again would not have the mark.
    await page.evaluate(() => ((window as unknown as Marked).axe.mark = 1));
    // A button with no name appears on the same document: the next audit sees it.
    await page.evaluate(() => document.querySelector('main')!.append(document.createElement('button')));
    expect(await problems(page, 'nameless button')).toMatch(/nameless button: button-name \(critical\)/);
    await page.evaluate(() => document.querySelector('main > button:last-child')!.remove());
    await expectAccessible(page, 'clean again');
    expect(await page.evaluate(() => (window as unknown as Marked).axe.mark)).toBe(1);
    await page.context().close();
  });

  it('audits the frames of a document loaded after the first', async () => {
    const page = await openSite();
    await page.goto('http://site.test/clean');
    await expectAccessible(page, 'clean');
    // A new document has no axe: it is sent again, to the frame as well, and what the frame shows is read.
    await page.goto('http://site.test/framed');
    await page.frameLocator('iframe').locator('img').waitFor({ state: 'attached' });
    expect(await problems(page, 'framed')).toMatch(/framed: image-alt \(critical\)/);
    await page.context().close();
  });
});
