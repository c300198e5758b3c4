import sharp from 'sharp';
import { launchBrowser, newPage } from '../test/support/browser';
import { html, linkSite, ogPage } from '../test/support/link-page';
import { SOCIAL_TEST_ENV } from '../test/support/social';
import { median, signedInUser, startServer, type Suite } from './support';

const RUNS = 7;
const BUDGET_MS = 1500;
const PASSWORD = 'Bench12345';
/** What the local page's OpenGraph title reads as, once the server has decoded it. */
const TITLE = 'Harbour at Dawn & Dusk';

/**
 * Runs in the page (a string: tsx would wrap a function's inner functions in a helper the page does not have). Notes
 * the time of every input in the text (the last is the last keystroke of the link), and the frame after the one that
 * first shows the link card whole: its article with the page's title and, when it has one, its image decoded.
 */
const ARM = `(() => {
  const seen = (window.__linkCard = { lastInput: 0, shown: 0 });
  document.querySelector('textarea[name="content"]').addEventListener('input', () => { seen.lastInput = performance.now(); });
  const check = () => {
    const card = document.querySelector('section[aria-label="Link card"] article');
    const img = card && card.querySelector('img');
    if (card && (!img || (img.complete && img.naturalWidth > 0))) {
      requestAnimationFrame(() => { seen.shown = performance.now(); });
      return;
    }
    requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})()`;

type Seen = { __linkCard: { lastInput: number; shown: number } };

/** An OpenGraph image the size pages use (1200 × 630), with structure enough that the recompression has work to do. */
async function coverPng() {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1d3557"/><stop offset="1" stop-color="#e9c46a"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/><circle cx="600" cy="315" r="210" fill="#e76f51"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/**
 * Issue 10: the link card of a typed link shows in the post editor within 1.5 s, against a local page. The server
 * reads loopback pages only with SOCIAL_ALLOW_PRIVATE_NETWORK (as the social tests run it); every run types a link
 * to a page not read before (the server remembers a page for 10 minutes, the app for its cache's time).
 */
export const linkCardSuite: Suite = {
  title: 'Social: link card in the post editor',
  async run() {
    const cover = await coverPng();
    const routes: Parameters<typeof linkSite>[0] = {};
    for (let i = 0; i < RUNS; i++) {
      routes[`/work-${i}`] = (req, res, origin) => html(ogPage(origin).replace('/cover.png', `/cover-${i}.png`))(req, res);
      routes[`/cover-${i}.png`] = (_req, res) => res.writeHead(200, { 'content-type': 'image/png' }).end(cover);
    }
    const site = await linkSite(routes);
    const server = await startServer({ LOG_LEVEL: 'warn', ...SOCIAL_TEST_ENV });
    const browser = await launchBrowser();
    try {
      const email = `bench-link-${Date.now()}@example.com`;
      await signedInUser(server, email, PASSWORD);
      const { page } = await newPage(browser);
      await page.goto(server.url);
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await page.getByTestId('welcome').waitFor();
      await page.goto(`${server.url}/social-media/post/new`);
      const content = page.getByLabel('Content');
      await content.waitFor();

      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        await content.fill('');
        await page.getByRole('region', { name: 'Link card' }).getByRole('article').waitFor({ state: 'detached' });
        await page.evaluate(ARM);
        await content.click();
        // Typed as a person types (a key every 20 ms), so the card's debounce restarts with every key as it would.
        await content.pressSequentially(`New work, fresh off the easel: ${site.origin}/work-${i}`, { delay: 20 });
        // A function, not a string: the app's CSP (script-src 'self') refuses to evaluate strings in the page.
        await page.waitForFunction(() => (window as unknown as Seen).__linkCard.shown > 0, undefined, { timeout: 10_000 });
        const { lastInput, shown } = await page.evaluate(() => (window as unknown as Seen).__linkCard);
        const name = await page.getByRole('region', { name: 'Link card' }).getByRole('article').getAttribute('aria-label');
        if (name !== TITLE) throw new Error(`the card shows "${name}", not the page's title`);
        times.push(shown - lastInput);
      }
      const worst = Math.max(...times);
      return [
        {
          name: `Link-card preview in the editor within 1.5 s of typing the link, against a local page (Chromium, worst of ${RUNS} links)`,
          budget: `< ${BUDGET_MS} ms`,
          measured: `${worst.toFixed(0)} ms worst (median ${median(times).toFixed(0)} ms; ${times.map((t) => t.toFixed(0)).join(', ')})`,
          pass: worst < BUDGET_MS,
          method:
            `Chromium signed in on the built app (npm start's server, SOCIAL_ALLOW_PRIVATE_NETWORK so it reads loopback pages) types ` +
            `"New work, fresh off the easel: <link>" into a new post, a key every 20 ms, ${RUNS} times, each a link to a local page not read ` +
            `before (OpenGraph title, description and a 1200 × 630 PNG image). Each time from the last keystroke's input event until the ` +
            `frame after the one showing the card with its title and its recompressed image decoded, measured in the page (performance.now, ` +
            `requestAnimationFrame): the editor's 400 ms rest for the text, the server reading the page and recompressing its image, and ` +
            `the image's download.`,
        },
      ];
    } finally {
      await browser.close();
      await server.stop();
      await site.close();
    }
  },
};
