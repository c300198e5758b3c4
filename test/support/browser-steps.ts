import type { Locator, Page } from 'playwright-core';
import { beforeEach, expect, onTestFailed } from 'vitest';
import { artworkSchema, type Artwork, type ArtworkInput } from '../../src/schemas/artwork.schema';
import type { RunningServer } from './browser';

/* What browser tests do in the app, whatever their subject: print the page when a test fails, sign in, make works. */

/** An artwork made through the API, as a test's starting point (the browser then finds it). */
export async function postArtwork(server: Pick<RunningServer, 'url'>, idToken: string, input: ArtworkInput): Promise<Artwork> {
  const res = await fetch(`${server.url}/api/artwork`, {
    method: 'POST',
    headers: { authorization: `Bearer ${idToken}`, 'content-type': 'application/json' },
    body: JSON.stringify(input),
  });
  expect(res.status).toBe(201);
  return artworkSchema.parse(await res.json());
}

/**
 * For every test of the describe it is called in: on failure, prints the page's address, its accessibility tree and
 * the last `logChars` of the server's log (read when the test fails, so the page and server of that moment).
 */
export function logPageOnFailure(current: () => { page: Page; server: RunningServer }, logChars = 3000) {
  beforeEach(() => {
    onTestFailed(async () => {
      const { page, server } = current();
      console.log(
        `URL ${page.url()}\n${await page
          .locator('body')
          .ariaSnapshot()
          .catch(() => '')}\n${server.log().slice(-logChars)}`,
      );
    });
  });
}

/** Types the email and password into the Sign In form on screen and presses Sign In; what follows is the test's to wait for. */
export async function submitSignIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/** Opens the app at `url` and signs in there as an artist does. */
export async function signInAt(page: Page, url: string, email: string, password: string) {
  await page.goto(url);
  await submitSignIn(page, email, password);
}

/**
 * Starts a new post as an artist does: the Social Media Calendar from the navigation (beside the page: these tests run
 * on a laptop's width), then its New Social Media Post.
 */
export async function newPost(page: Page) {
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Social Media Calendar', exact: true }).click();
  await page.getByRole('main').getByRole('link', { name: 'New Social Media Post', exact: true }).click();
}

/**
 * Escape on a layer just opened (the navigation drawer, a dialog), as a person presses it: once the layer holds the
 * focus and has been drawn. Ark's layers listen for Escape from the frame after they open (zag's dismissable layer
 * waits for the node), so a key sent in the same frame is lost on a busy machine and the layer stays open.
 */
export async function closeWithEscape(page: Page, layer: Locator) {
  await expect.poll(() => layer.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await page.evaluate(() => new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn))));
  await page.keyboard.press('Escape');
  await layer.waitFor({ state: 'detached' });
}
