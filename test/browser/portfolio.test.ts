import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedAccount, expectAccessible, launchBrowser, newPage, startServer, type RunningServer } from '../support/browser';
import { closeWithEscape, logPageOnFailure, signInAt } from '../support/browser-steps';
import { checkScreen } from '../support/layout-check';
import { makeJpeg } from '../support/portfolio';
import { ARTWORKS, recordProgressAndToasts, recorded, throttleUploads } from '../support/portfolio-browser';

const EMAIL = 'hilma@example.com';
const PASSWORD = 'Spiral1906x';

const EDITED = { title: 'Harbour at Dusk', year: '2019', medium: 'Oil on linen' };
const IMAGES = ['quay.jpg', 'boats.jpg', 'lighthouse.jpg', 'gulls.jpg'];

describe('the portfolio in a real browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let publicUrl: string;

  beforeAll(async () => {
    server = await startServer();
    const { idToken } = await createVerifiedAccount(server, EMAIL, PASSWORD);
    const named = await fetch(`${server.url}/api/user`, {
      method: 'POST',
      headers: { authorization: `Bearer ${idToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: 'Hilma', lastName: 'af Klint' }),
    });
    expect(named.status).toBe(200);
    browser = await launchBrowser();
    ({ page } = await newPage(browser));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  logPageOnFailure(() => ({ page, server }));

  const main = () => page.getByRole('main');
  const toast = (title: string) => page.getByRole('status').filter({ hasText: title }).first();
  const mediaCards = () => main().getByRole('list', { name: 'Media files' }).getByRole('listitem');
  const card = (fileName: string) =>
    main().getByRole('list', { name: 'Media files' }).getByRole('listitem', { name: fileName, exact: true });
  /** The id in a signed media address (/api/media/{id}?...). */
  const mediaIdOf = (src: string | null) => src?.match(/\/api\/media\/([0-9a-f-]{36})/)?.[1];

  /** Ticks a checkbox as an artist does, by its label (Ark draws its own box over the native input). */
  async function tick(name: string) {
    const box = main().getByRole('checkbox', { name });
    expect(await box.isChecked()).toBe(false);
    await main().getByText(name, { exact: true }).click();
    await expect.poll(() => box.isChecked()).toBe(true);
  }

  async function openMyArtworks() {
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'All Artwork' }).click();
    await main().getByRole('heading', { name: 'My Artworks' }).waitFor();
  }

  async function openMediaTab() {
    await main().getByRole('tab', { name: 'Media' }).click();
    await main().getByRole('button', { name: 'Choose files' }).waitFor();
  }

  it('signs in and finds an empty My Artworks', async () => {
    await signInAt(page, server.url, EMAIL, PASSWORD);
    await expect.poll(() => page.getByTestId('welcome').textContent()).toBe('Welcome, Hilma af Klint');
    await openMyArtworks();
    await main().getByText("No artworks found. Create your first artwork using the 'New Artwork' button.").waitFor();
    await expectAccessible(page, 'empty artwork list');
  });

  it('creates one artwork of each of the six media types', async () => {
    for (const [index, art] of ARTWORKS.entries()) {
      await openMyArtworks();
      await main().getByRole('button', { name: 'Create Artwork' }).click();
      // The list page offers all six types.
      expect(await page.getByRole('menuitem').allTextContents()).toEqual(ARTWORKS.map((a) => a.label));
      if (index === 0) await expectAccessible(page, 'create artwork menu');
      await page.getByRole('menuitem', { name: art.label, exact: true }).click();
      await main().getByRole('heading', { name: 'Create New Artwork' }).waitFor();
      expect(new URL(page.url()).pathname).toBe(`/portfolio/artwork/new/${art.type}`);
      expect(await main().getByTestId('media-type').textContent()).toBe(art.label);
      await expect.poll(() => main().getByRole('figure', { name: 'Primary image' }).textContent()).toBe('Save artwork to add images');

      await main().getByLabel('Title').fill(art.title);
      await main().getByLabel('Year').fill(art.year);
      await main().getByLabel('Medium').fill(art.medium);
      await main().getByLabel('Description').fill(`${art.title}, made in ${art.year}.`);
      await main().getByLabel('Sale status').selectOption({ label: art.saleStatus });
      if (art.metric) await main().getByLabel('Measurement system').selectOption({ label: 'Metric (centimeters)' });
      for (const [label, value] of Object.entries(art.lengths)) await main().getByLabel(label, { exact: true }).fill(value);
      // Only the inputs of this media type are offered; sizes and durations read from a file are never typed.
      expect(
        await main()
          .getByLabel(/^(Height|Width|Depth) \(/)
          .count(),
      ).toBe(Object.keys(art.lengths).length);
      expect(
        await main()
          .getByRole('group', { name: /Duration/ })
          .count(),
      ).toBe(0);
      // A work with no picture is left off the public site unless the artist shows it: these are all shown.
      await main().getByText('Not shown while it has no picture, unless you tick this.').waitFor();
      await main().getByText('Show on my public site').click();
      if (index === 0 || art.type === 'VIDEO') await expectAccessible(page, `create ${art.label}`);

      await main().getByRole('button', { name: 'Submit' }).click();
      await main().getByRole('heading', { name: 'Edit Artwork' }).waitFor();
      await toast('Artwork created successfully').waitFor();
      expect(new URL(page.url()).pathname).toMatch(/^\/portfolio\/artwork\/[0-9a-f-]{36}$/);
      expect(await main().getByLabel('Title').inputValue()).toBe(art.title);
      if (index === 0) {
        // Saved: the same screen now takes media.
        await openMediaTab();
        await main().getByText('No media yet. Upload images, video or audio above.').waitFor();
      }
    }

    await openMyArtworks();
    const tiles = main().getByRole('list', { name: 'Artworks' }).getByRole('link');
    await expect.poll(() => tiles.count()).toBe(ARTWORKS.length);
    // Newest first.
    expect(await tiles.allTextContents()).toEqual(ARTWORKS.map((a) => expect.stringContaining(a.title)).reverse());
    await main().getByText(`Showing 1–${ARTWORKS.length} of ${ARTWORKS.length}`).waitFor();
    await expectAccessible(page, 'artwork list');
  });

  it('uploads several images at once with progress, sets a primary and deletes a selection', async () => {
    await main()
      .getByRole('list', { name: 'Artworks' })
      .getByRole('link', { name: new RegExp(ARTWORKS[0].title) })
      .click();
    await main().getByRole('heading', { name: 'Edit Artwork' }).waitFor();
    await openMediaTab();
    await main().getByText('No media yet. Upload images, video or audio above.').waitFor();
    await expect.poll(() => main().getByRole('figure', { name: 'Primary image' }).textContent()).toBe('No primary image selected');

    // Record every progress value and notification the page shows, and slow the uploads down so there is progress to see.
    await recordProgressAndToasts(page);
    const throttle = await throttleUploads(page, 400 * 1024);
    const files = await Promise.all(
      IMAGES.map(async (name, i) => ({ name, mimeType: 'image/jpeg', buffer: await makeJpeg(1200 + i * 40, 900) })),
    );
    const chooser = page.waitForEvent('filechooser');
    await main().getByRole('button', { name: 'Choose files' }).click();
    await (await chooser).setFiles(files);

    // Three go up at once; the fourth waits its turn.
    const uploads = main().getByRole('list', { name: 'Uploads' });
    await uploads.getByRole('listitem', { name: IMAGES[3] }).getByText('Waiting to upload').waitFor();
    await uploads.getByRole('progressbar', { name: `Uploading ${IMAGES[0]}` }).waitFor();
    await expectAccessible(page, 'media uploads in progress');

    await expect.poll(() => mediaCards().count(), { timeout: 60_000 }).toBe(IMAGES.length);
    await throttle.stop();
    await uploads.waitFor({ state: 'detached' });
    const seen = await recorded(page);
    for (const name of IMAGES) {
      const values = seen.progress[`Uploading ${name}`] ?? [];
      // Each file showed progress between the start and the end, never going back.
      expect(
        values.some((v) => v > 0 && v < 100),
        `${name}: ${values.join(', ')}`,
      ).toBe(true);
      expect(values).toEqual([...values].sort((a, b) => a - b));
    }
    // One toast for the files chosen together, once the last is up.
    const uploadedToasts = seen.toasts.filter((t) => t.includes('uploaded successfully'));
    expect(uploadedToasts).toHaveLength(1);
    expect(uploadedToasts[0]).toContain(`${IMAGES.length} media files uploaded successfully`);

    // The first image to arrive became the primary; its menu offers no 'Set as Primary'.
    const primary = mediaCards().filter({ hasText: 'Primary' });
    await expect.poll(() => primary.count()).toBe(1);
    const firstPrimary = (await primary.getAttribute('aria-label'))!;
    await page.getByRole('button', { name: `Actions for ${firstPrimary}` }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Set as Primary' }).count()).toBe(0);
    await page.keyboard.press('Escape');

    const chosen = IMAGES.find((n) => n !== firstPrimary)!;
    await page.getByRole('button', { name: `Actions for ${chosen}` }).click();
    await page.getByRole('menuitem', { name: 'Set as Primary' }).click();
    await toast('Primary media updated successfully').waitFor();
    await expect.poll(() => primary.getAttribute('aria-label')).toBe(chosen);
    await expect.poll(() => primary.count()).toBe(1);
    const preview = main().getByRole('img', { name: `Primary image of ${ARTWORKS[0].title}` });
    const chosenId = mediaIdOf(await card(chosen).getByRole('img').getAttribute('src'));
    expect(chosenId).toBeDefined();
    await expect.poll(async () => mediaIdOf(await preview.getAttribute('src'))).toBe(chosenId);
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(400);
    await expectAccessible(page, 'media cards');

    // A picture clicked opens large, with the others before and after it; Esc returns to it.
    await card(chosen)
      .getByRole('button', { name: `View ${chosen} large` })
      .click();
    const lightbox = page.getByRole('dialog');
    const large = lightbox.getByTestId('lightbox-picture');
    const place = lightbox.getByText(new RegExp(`^\\d of ${IMAGES.length}$`));
    const first = await place.textContent();
    await expect.poll(() => large.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await checkScreen(page, 'media lightbox');
    }
    await page.keyboard.press('ArrowRight');
    // The next picture of the Media tab's order.
    const n = Number(first!.split(' ')[0]);
    await expect.poll(() => place.textContent()).toBe(`${(n % IMAGES.length) + 1} of ${IMAGES.length}`);
    await closeWithEscape(page, lightbox);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(`View ${chosen} large`);

    // The server kept it.
    await page.reload();
    await openMediaTab();
    await expect.poll(() => primary.getAttribute('aria-label')).toBe(chosen);

    // Select several and delete them after confirming.
    const toolbar = main().getByRole('toolbar', { name: 'Media selection' });
    await toolbar.getByRole('button', { name: 'Select Multiple' }).click();
    await toolbar.getByRole('button', { name: 'Select All' }).click();
    await toolbar.getByRole('button', { name: `Delete Selected (${IMAGES.length})` }).waitFor();
    await toolbar.getByRole('button', { name: 'Deselect All' }).click();
    expect(await toolbar.getByRole('button', { name: 'Delete Selected (0)' }).isDisabled()).toBe(true);
    const doomed = IMAGES.filter((n) => n !== chosen).slice(0, 2);
    for (const name of doomed) await tick(`Select ${name}`);
    await expectAccessible(page, 'media selection mode');
    await toolbar.getByRole('button', { name: 'Delete Selected (2)' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText('Are you sure you want to delete 2 media items?').waitFor();
    await expectAccessible(page, 'delete media confirmation');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await toast('Media deleted successfully').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => mediaCards().count()).toBe(IMAGES.length - 2);
    // Leaving the selection mode after the deletion.
    await toolbar.getByRole('button', { name: 'Select Multiple' }).waitFor();

    await page.reload();
    await openMediaTab();
    await expect
      .poll(async () => (await mediaCards().evaluateAll((cards) => cards.map((c) => c.getAttribute('aria-label')))).sort())
      .toEqual(IMAGES.filter((n) => !doomed.includes(n)).sort());
  });

  it('edits fields and finds the journal entry naming them; dismisses it and finds it again', async () => {
    await main().getByRole('tab', { name: 'Details' }).click();
    await main().getByLabel('Title').fill(EDITED.title);
    await main().getByLabel('Year').fill(EDITED.year);
    await main().getByLabel('Medium').fill(EDITED.medium);
    await expectAccessible(page, 'edit artwork');
    await main().getByRole('button', { name: 'Submit' }).click();
    await toast('Artwork updated successfully').waitFor();
    // The toast covers none of the page's controls: not Delete Artwork, Submit, the account menu or the main links.
    const box = (await toast('Artwork updated successfully').boundingBox())!;
    const controls = [
      main().getByRole('button', { name: 'Delete Artwork' }),
      main().getByRole('button', { name: 'Submit' }),
      page.getByRole('button', { name: 'Account menu' }),
      ...['Home', 'Profile', 'Activity Journal'].map((name) =>
        page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name }),
      ),
    ];
    for (const control of controls) {
      const c = (await control.boundingBox())!;
      const overlaps = c.x < box.x + box.width && box.x < c.x + c.width && c.y < box.y + box.height && box.y < c.y + c.height;
      expect(overlaps, (await control.evaluate((e) => e.textContent || e.getAttribute('aria-label'))) ?? '').toBe(false);
    }

    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Activity Journal' }).click();
    const entries = main()
      .getByRole('list', { name: 'Journal entries' })
      .getByRole('listitem')
      .filter({ has: page.getByRole('button', { name: 'Dismiss' }) });
    const updated = main()
      .getByRole('list', { name: 'Journal entries' })
      .locator(':scope > li')
      .filter({ hasText: `Artwork '${EDITED.title}' was updated` });
    await updated.waitFor();
    expect((await updated.getByRole('list', { name: 'Updated fields' }).getByRole('listitem').allTextContents()).sort()).toEqual([
      'Medium',
      'Title',
      'Year',
    ]);
    expect(await updated.getByText('Artwork Updated', { exact: true }).count()).toBe(1);
    // Its thumbnail is the primary image at that moment.
    await expect
      .poll(() => updated.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    expect(new URL(page.url()).pathname).toBe('/journal');
    expect(await updated.getByRole('link', { name: 'View artwork' }).getAttribute('href')).toMatch(/^\/portfolio\/artwork\/[0-9a-f-]{36}$/);
    // One entry per new artwork, one for its sale per work created Sold (a sale to an unknown buyer), and this update.
    const created = ARTWORKS.length + ARTWORKS.filter((a) => a.saleStatus === 'Sold').length;
    await expect.poll(() => entries.count()).toBe(created + 1);
    await expectAccessible(page, 'journal');

    await updated.getByRole('button', { name: 'Dismiss' }).click();
    await updated.waitFor({ state: 'detached' });
    await expect.poll(() => entries.count()).toBe(created);

    await tick('Show dismissed entries');
    await updated.waitFor();
    await updated.getByText('Dismissed', { exact: true }).waitFor();
    expect(await updated.getByRole('button', { name: 'Dismiss' }).count()).toBe(0);
    await expectAccessible(page, 'journal with dismissed entries');

    // The link leads back to the artwork, with the edited fields.
    await updated.getByRole('link', { name: 'View artwork' }).click();
    await main().getByRole('heading', { name: 'Edit Artwork' }).waitFor();
    expect(await main().getByLabel('Title').inputValue()).toBe(EDITED.title);
    expect(await main().getByLabel('Year').inputValue()).toBe(EDITED.year);
  });

  it("asks before the browser's Back drops unsaved changes: Stay keeps them, Leave goes back", async () => {
    // Opened from the journal's link (the last test): the journal lies one entry back.
    const form = new URL(page.url()).pathname;
    await main().getByLabel('Title').fill(`${EDITED.title}, second state`);
    await page.goBack();
    const dialog = page.getByRole('alertdialog', { name: 'Leave without saving?' });
    await dialog.waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Stay');
    expect(new URL(page.url()).pathname).toBe(form);

    await closeWithEscape(page, dialog);
    expect(await main().getByLabel('Title').inputValue()).toBe(`${EDITED.title}, second state`);
    expect(new URL(page.url()).pathname).toBe(form);

    await page.goBack();
    await dialog.getByRole('button', { name: 'Leave' }).click();
    await main().getByRole('list', { name: 'Journal entries' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/journal');
  });

  it('publishes the portfolio from Home', async () => {
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Home', exact: true }).click();
    await main().getByRole('button', { name: 'Publish' }).click();
    const review = main().getByRole('region', { name: 'Review before publishing' });
    await review.getByTestId('publish-summary').waitFor();
    await expectAccessible(page, 'home, reviewing what publishing changes');
    await review.getByRole('button', { name: 'Publish now' }).click();
    const published = main().getByText(/Your portfolio is published \(6 artworks\) on /);
    await published.waitFor();
    publicUrl = (await published.getByRole('link').getAttribute('href'))!;
    expect(publicUrl).toMatch(new RegExp(`^${server.url}/p/[a-z0-9]{10}$`));
    await expectAccessible(page, 'home after publishing');
    // The address stays on Home after a reload, read from the server.
    await page.reload();
    const last = main().getByText(/Your portfolio is published on /);
    await last.waitFor();
    expect(await last.getByRole('link').getAttribute('href')).toBe(publicUrl);
  });

  it('shows the public portfolio to a visitor who is not signed in', async () => {
    const visitor = await newPage(browser);
    try {
      const res = await visitor.page.goto(publicUrl);
      expect(res?.status()).toBe(200);
      const p = visitor.page;
      await p.getByRole('heading', { level: 1, name: 'Hilma af Klint' }).waitFor();
      expect(await p.getByRole('tab', { name: 'Sign In' }).count()).toBe(0);
      const works = p.getByRole('region', { name: 'Works' }).getByRole('listitem');
      expect(await works.count()).toBe(ARTWORKS.length);
      // Newest first, each a link to its own page.
      const expected = ARTWORKS.map((a, i) => ({ ...a, title: i === 0 ? EDITED.title : a.title })).reverse();
      expect(await p.getByRole('heading', { level: 3 }).allTextContents()).toEqual(expected.map((a) => a.title));
      // Only that artwork has an image.
      expect(await p.locator('img').count()).toBe(1);
      await expectAccessible(p, 'public portfolio');
      for (const art of expected) {
        await works
          .getByRole('link')
          .filter({ has: p.getByRole('heading', { level: 3, name: art.title, exact: true }) })
          .click();
        await p.getByRole('heading', { level: 1, name: art.title, exact: true }).waitFor();
        // Each media type's dimensions as entered.
        if (art.published) await p.getByText(art.published, { exact: true }).waitFor();
        await p.getByText(art.saleStatus, { exact: true }).waitFor();
        if (art.title === EDITED.title) {
          // The picture on the page (its lightbox holds the same picture full size, shown only when opened).
          const image = p.getByRole('img', { name: EDITED.title }).first();
          await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
          await expectAccessible(p, 'public artwork page');
        }
        await p.goBack();
      }
    } finally {
      await visitor.context.close();
    }
  });
});
