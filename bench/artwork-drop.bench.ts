import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { launchBrowser, newPage } from '../test/support/browser';
import { makeJpeg } from '../test/support/portfolio';
import { mb, rssOf, signedInUser, startServer, type Suite } from './support';

const FILES = 20;
/** 12 megapixels, as a phone or a small camera takes them. */
const WIDTH = 4000;
const HEIGHT = 3000;
// About 1.5 s a photo: the artist sees the wall fill while the files still go up.
const BUDGET_MS = 30_000;
const PASSWORD = 'Bench12345';

/**
 * Dropping 20 photos of 12 MP on My Artworks (one artwork each), in Chromium on the built app: from "Create artworks"
 * until all 20 tiles show their pictures, decoded. The server's RSS is sampled meanwhile.
 */
export const artworkDropSuite: Suite = {
  title: 'Starting 20 artworks from dropped photos',
  async run() {
    const photo = await makeJpeg(WIDTH, HEIGHT, { quality: 88 });
    // As files on disk: the browser is handed paths, as a file chooser would (and the bytes are too many to pass inline).
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'drop-bench-'));
    const files = Array.from({ length: FILES }, (_, i) => path.join(dir, `harbour-study-${i + 1}.jpg`));
    await Promise.all(files.map((f) => fs.writeFile(f, photo)));
    const server = await startServer({ LOG_LEVEL: 'warn' });
    const browser = await launchBrowser();
    try {
      const email = `bench-drop-${Date.now()}@example.com`;
      await signedInUser(server, email, PASSWORD);
      const { page } = await newPage(browser);
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(server.url);
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await page.getByTestId('welcome').waitFor();
      await page.goto(`${server.url}/portfolio/artwork`);
      await page.getByRole('heading', { name: 'My Artworks', level: 1 }).waitFor();

      await page.getByTestId('drop-file-input').setInputFiles(files);
      const dialog = page.getByRole('dialog', { name: `Start artworks from ${FILES} files` });
      await dialog.waitFor();
      const rssBefore = await rssOf(server.pid);
      let rssPeak = rssBefore;
      const sampler = setInterval(() => void rssOf(server.pid).then((rss) => (rssPeak = Math.max(rssPeak, rss))), 200);
      const started = Date.now();
      await dialog.getByRole('button', { name: 'Create artworks' }).click();
      await page.getByRole('heading', { name: `${FILES} of ${FILES} files added` }).waitFor({ timeout: 10 * BUDGET_MS });
      // Every tile drawn with its picture decoded (the list reads a page of up to 24 after each new work).
      await page.getByRole('combobox', { name: 'Items per page' }).click();
      await page.getByRole('option', { name: '24', exact: true }).click();
      await page.waitForFunction(
        (n) =>
          [...document.querySelectorAll('ul[aria-label="Artworks"] li img')].filter(
            (img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
          ).length >= n,
        FILES,
        { timeout: 10 * BUDGET_MS, polling: 50 },
      );
      const elapsed = Date.now() - started;
      clearInterval(sampler);
      return [
        {
          name: `Dropping ${FILES} photos of 12 MP on My Artworks until all ${FILES} tiles show`,
          budget: `<= ${BUDGET_MS / 1000} s`,
          measured: `${(elapsed / 1000).toFixed(1)} s (${mb(photo.length)} each; server RSS ${mb(rssBefore)} before, ${mb(rssPeak)} at most)`,
          pass: elapsed <= BUDGET_MS,
          method:
            `Chromium on the built app (npm start's server, PGlite, local files) over loopback: ${FILES} JPEGs of ${WIDTH} × ${HEIGHT} px ` +
            `chosen in My Artworks' drop bar, one artwork each; from the click on "Create artworks" (3 files go up at a time, ` +
            `each through its signed URL, then its variants are made) until the list shows all ${FILES} tiles with their pictures decoded. ` +
            `The server's RSS read from /proc every 200 ms.`,
        },
      ];
    } finally {
      await browser.close();
      await server.stop();
      await fs.rm(dir, { recursive: true, force: true });
    }
  },
};
