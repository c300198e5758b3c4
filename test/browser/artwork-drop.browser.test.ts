import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedAccount, launchBrowser, newPage, startServer, type RunningServer } from '../support/browser';
import { logPageOnFailure, signInAt } from '../support/browser-steps';
import { checkScreen } from '../support/layout-check';
import { makeJpeg } from '../support/portfolio';

const EMAIL = 'hilma.drop@example.com';
const PASSWORD = 'Klint1862xyz';

interface ServerArtwork {
  artworkId: string;
  title: string;
  mediaType: string;
  dimensions: { width?: number; height?: number };
  primaryImageMediaId: string | null;
}

/**
 * Starting artworks from files in a real browser: pictures chosen on My Artworks become one work each (titled from
 * the file names, their pixel sizes read from the files), or one work with all of them that opens on its Media; a
 * file that cannot start a work says why; files dragged onto the page go the same way.
 */
describe('starting artworks from dropped files, in a real browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let idToken: string;
  const pictures: Record<string, Buffer> = {};

  const api = async <T>(path: string) =>
    (await (await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${idToken}` } })).json()) as T;
  const works = async () => (await api<{ items: ServerArtwork[] }>('/api/artwork?pageSize=50')).items;

  beforeAll(async () => {
    server = await startServer();
    ({ idToken } = await createVerifiedAccount(server, EMAIL, PASSWORD));
    pictures['the-ten-largest-no-1.jpg'] = await makeJpeg(640, 480);
    pictures['swan_17.jpg'] = await makeJpeg(300, 420);
    pictures['altarpiece.jpg'] = await makeJpeg(500, 500);
    browser = await launchBrowser();
    ({ page } = await newPage(browser));
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  logPageOnFailure(() => ({ page, server }));
  const main = () => page.getByRole('main');
  const files = (...names: string[]) => names.map((name) => ({ name, mimeType: 'image/jpeg', buffer: pictures[name] }));

  it('makes one digital work per picture, titled from its name and sized from its pixels; a text file is refused', async () => {
    await signInAt(page, server.url, EMAIL, PASSWORD);
    await page.getByTestId('welcome').waitFor();
    await page.goto(`${server.url}/portfolio/artwork`);
    await main().getByRole('heading', { name: 'My Artworks', level: 1 }).waitFor();
    await checkScreen(page, 'artworks drop empty');

    await page
      .getByTestId('drop-file-input')
      .setInputFiles([
        ...files('the-ten-largest-no-1.jpg', 'swan_17.jpg', 'altarpiece.jpg'),
        { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('a list') },
      ]);
    const dialog = page.getByRole('dialog', { name: 'Start artworks from 3 files' });
    await dialog.waitFor();
    await dialog.getByLabel('Pictures are of').selectOption({ label: 'Digital 2D' });
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 844 });
      await checkScreen(page, 'artworks drop choice');
    }
    await dialog.getByRole('button', { name: 'Create artworks' }).click();

    await main().getByRole('heading', { name: '3 of 3 files added' }).waitFor();
    // The text file is said to be refused, and why.
    await expect.poll(() => main().getByRole('alert').first().textContent()).toMatch(/notes\.txt/);
    for (const title of ['the ten largest no 1', 'swan 17', 'altarpiece'])
      await main()
        .getByRole('link', { name: new RegExp(title) })
        .waitFor();
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 844 });
      await checkScreen(page, 'artworks drop done');
    }

    const made = Object.fromEntries((await works()).map((a) => [a.title, a]));
    expect(Object.keys(made).sort()).toEqual(['altarpiece', 'swan 17', 'the ten largest no 1']);
    expect(made['swan 17']).toMatchObject({ mediaType: 'DIGITAL_2D', dimensions: { width: 300, height: 420 } });
    expect(made['the ten largest no 1'].dimensions).toMatchObject({ width: 640, height: 480 });
    // Each picture is its work's primary image.
    for (const a of Object.values(made)) expect(a.primaryImageMediaId).not.toBeNull();

    await main().getByRole('button', { name: 'Close' }).click();
    await main().getByRole('heading', { name: '3 of 3 files added' }).waitFor({ state: 'detached' });

    // 'Original' aspect: a wall of prints, each tile in its picture's own shape, two columns on a phone.
    await page.setViewportSize({ width: 1280, height: 844 });
    await main().getByRole('combobox', { name: 'Image aspect' }).click();
    // The options open over the tiles below (they once opened under them).
    await page.getByRole('option', { name: 'Original', exact: true }).click();
    const shapes = async () =>
      main()
        .getByRole('list', { name: 'Artworks' })
        .locator('li')
        .evaluateAll((lis) =>
          lis.map((li) => {
            const box = li.querySelector('[data-aspect]')!.getBoundingClientRect();
            return { title: li.textContent!, ratio: box.width / box.height, left: Math.round(box.left) };
          }),
        );
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 844 });
      await expect
        .poll(async () => Object.fromEntries((await shapes()).map((t) => [t.title.split(/Unknown/)[0], Math.round(t.ratio * 100) / 100])))
        .toEqual({
          altarpiece: 1,
          'swan 17': Math.round((300 / 420) * 100) / 100,
          'the ten largest no 1': Math.round((640 / 480) * 100) / 100,
        });
      const columns = new Set((await shapes()).map((t) => t.left));
      expect(columns.size).toBe(width < 768 ? 2 : 3);
      await checkScreen(page, 'artworks original aspect');
    }
  });

  it('makes one work of two pictures and opens it on its Media, from the top of the page', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${server.url}/portfolio/artwork`);
    await main()
      .getByRole('link', { name: /altarpiece/ })
      .waitFor();
    await page.mouse.wheel(0, 600);
    await page.getByTestId('drop-file-input').setInputFiles(files('swan_17.jpg', 'altarpiece.jpg'));
    const dialog = page.getByRole('dialog', { name: 'Start artworks from 2 files' });
    await dialog.getByRole('radio', { name: 'One artwork with all of them' }).check();
    await dialog.getByRole('button', { name: 'Create artwork' }).click();

    await page.waitForURL(/\/portfolio\/artwork\/[0-9a-f-]{36}\?tab=media$/);
    const media = main().getByRole('tab', { name: 'Media' });
    await expect.poll(() => media.getAttribute('aria-selected')).toBe('true');
    await main().getByRole('heading', { name: 'Edit Artwork' }).waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    const artworkId = new URL(page.url()).pathname.split('/').at(-1)!;
    const items = (await api<{ items: { fileName: string }[] }>(`/api/artwork/${artworkId}/media`)).items;
    expect(items.map((i) => i.fileName).sort()).toEqual(['altarpiece.jpg', 'swan_17.jpg']);
    await checkScreen(page, 'artwork opened from drop');
  });

  it('saves a new artwork when pictures are dropped on its Media tab, then uploads them', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${server.url}/portfolio/artwork/new/digital_2d`);
    await main().getByRole('heading', { name: 'Create New Artwork' }).waitFor();
    await main().getByRole('tab', { name: 'Media' }).click();
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 844 });
      await checkScreen(page, 'new artwork media');
    }
    await page.getByTestId('new-artwork-file-input').setInputFiles(files('swan_17.jpg'));
    // Saved first (titled from the file, its pixel size read from it), then the picture goes up on its Media.
    await page.waitForURL(/\/portfolio\/artwork\/[0-9a-f-]{36}$/);
    await expect.poll(() => main().getByRole('tab', { name: 'Media' }).getAttribute('aria-selected')).toBe('true');
    await main().getByRole('list', { name: 'Media files' }).getByRole('listitem').first().waitFor();
    const artworkId = new URL(page.url()).pathname.split('/').at(-1)!;
    const made = await api<ServerArtwork>(`/api/artwork/${artworkId}`);
    expect(made).toMatchObject({ title: 'swan 17', mediaType: 'DIGITAL_2D' });
    const items = (await api<{ items: { fileName: string }[] }>(`/api/artwork/${artworkId}/media`)).items;
    expect(items.map((i) => i.fileName)).toEqual(['swan_17.jpg']);
  });

  it('takes files dragged anywhere onto My Artworks, once', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${server.url}/portfolio/artwork`);
    await main()
      .getByRole('link', { name: /altarpiece/ })
      .first()
      .waitFor();
    const bytes = [...pictures['altarpiece.jpg']];
    // A real drag from the desktop: a DataTransfer holding the file, dropped on the list below the bar.
    const transfer = await page.evaluateHandle((b) => {
      const dt = new DataTransfer();
      dt.items.add(new File([new Uint8Array(b)], 'dragged-study.jpg', { type: 'image/jpeg' }));
      return dt;
    }, bytes);
    const target = main().getByRole('list', { name: 'Artworks' });
    await target.dispatchEvent('dragover', { dataTransfer: transfer });
    await target.dispatchEvent('drop', { dataTransfer: transfer });
    const dialog = page.getByRole('dialog', { name: 'Start an artwork from 1 file' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Create artwork' }).click();
    await page.waitForURL(/\?tab=media$/);
    await main().getByRole('heading', { name: 'Edit Artwork' }).waitFor();
    expect((await works()).filter((a) => a.title === 'dragged study')).toHaveLength(1);
  });
});
