import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedAccount, launchBrowser, startServer, type RunningServer } from '../support/browser';
import { logPageOnFailure, signInAt } from '../support/browser-steps';
import { checkScreen } from '../support/layout-check';
import { startMetaFake, type MetaFake } from '../support/meta-fake';
import { SOCIAL_TEST_ENV } from '../support/social';
import { makePng, newPageIn } from '../support/social-browser';
import { ownTmpDir, type OwnTmpDir } from '../support/tmp-dir';

const EMAIL = 'hilma.ig@example.com';
const PASSWORD = 'Altarpiece1915';
const CAPTION = 'Three studies for the Swan series';
const SECOND_PAGE = { id: '102938475610294', name: 'Ada Paints Prints' };

/** Polls for what the page shows; the default second of expect.poll is short on a busy machine. */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 20_000 });

/**
 * Instagram and Facebook end to end in a real browser against Meta's contract fake: both connected through the fake's
 * own login pages (Facebook with a choice of two Pages), one post of three images for both (the first a tall scroll that
 * Instagram takes only on a mat), the per-network previews, the mat chosen for the scroll, and Instagram's quota line
 * in the editor, then each delivery posted with its permalink: one carousel of three on Instagram (the scroll whole on
 * its black mat), one Page post with three photos on Facebook.
 */
describe('posting a carousel to Instagram and a Facebook Page, in a real browser', () => {
  let tmp: OwnTmpDir;
  let meta: MetaFake;
  let server: RunningServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    tmp = await ownTmpDir('studio-meta-browser-');
    meta = await startMetaFake();
    meta.state.pages.set(SECOND_PAGE.id, { ...SECOND_PAGE, category: 'Artist', tasks: ['CREATE_CONTENT', 'MANAGE'] });
    meta.state.fbUsers.get('10160000000000001')!.pageIds.push(SECOND_PAGE.id);
    server = await startServer({ ...SOCIAL_TEST_ENV, ...meta.env, SOCIAL_POLL_MS: '200' });
    meta.instagram.redirectUris.push(`${server.url}/oauth/meta/instagram/callback`);
    meta.facebook.redirectUris.push(`${server.url}/oauth/meta/facebook/callback`);
    await createVerifiedAccount(server, EMAIL, PASSWORD);
    browser = await launchBrowser();
    page = await newPageIn(browser, 'Europe/Stockholm');
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await meta?.close();
    await tmp?.restore();
  });

  logPageOnFailure(() => ({ page, server }), 4_000);
  const main = () => page.getByRole('main');

  it('connects Instagram through its login page', async () => {
    await signInAt(page, server.url, EMAIL, PASSWORD);
    await page.getByTestId('welcome').waitFor();
    await page.goto(`${server.url}/social-media/accounts/connect/instagram`);
    await main().getByRole('heading', { name: 'Connect Instagram', level: 1 }).waitFor();
    await page.setViewportSize({ width: 390, height: 900 });
    await checkScreen(page, 'connect-instagram');
    await page.setViewportSize({ width: 1280, height: 900 });
    await main().getByRole('button', { name: 'Continue with Instagram' }).click();
    // The fake's own page, on its own origin.
    await page.getByRole('button', { name: 'Allow' }).click();
    await page.waitForURL((u) => u.pathname === '/social-media/accounts', { timeout: 30_000 });
    await main().getByText('@ada.paints').first().waitFor();
  });

  it('connects Facebook, choosing one of two Pages', async () => {
    await page.goto(`${server.url}/social-media/accounts/connect/facebook`);
    await main().getByRole('button', { name: 'Continue with Facebook' }).click();
    await page.getByRole('button', { name: 'Allow' }).click();
    await main().getByRole('heading', { name: 'Choose the Page to post to' }).waitFor({ timeout: 30_000 });
    await page.setViewportSize({ width: 390, height: 900 });
    await checkScreen(page, 'connect-facebook-pages');
    await page.setViewportSize({ width: 1280, height: 900 });
    await main().getByRole('button', { name: 'Connect Ada Paints', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/social-media/accounts', { timeout: 30_000 });
    await main().getByText('Ada Paints').first().waitFor();
  });

  it('shows each network’s preview, the scroll fitted on the mat chosen and the quota line, then posts: a carousel and a Page post, each with its permalink', async () => {
    await page.goto(`${server.url}/social-media/post/new`);
    await main().getByRole('heading', { name: 'New Post', level: 1 }).waitFor();
    await main().getByLabel('Content').fill(CAPTION);
    await main().getByRole('checkbox', { name: 'Instagram @ada.paints' }).check({ force: true });
    await main().getByRole('checkbox', { name: 'Facebook @Ada Paints' }).check({ force: true });
    const files = await Promise.all(
      [
        ['swan-1.png', 600, 1800],
        ['swan-2.png', 1200, 1200],
        ['swan-3.png', 1350, 1080],
      ].map(async ([name, w, h]) => ({ name: name as string, mimeType: 'image/png', buffer: await makePng(w as number, h as number) })),
    );
    await main().locator('input[type="file"]').setInputFiles(files);
    for (const f of files)
      await main()
        .getByLabel(`Alt text for ${f.name}`)
        .fill(`Study ${f.name.slice(5, 6)} of a swan`);
    await main().getByRole('article', { name: 'Instagram preview' }).waitFor();
    await main().getByRole('article', { name: 'Facebook preview' }).waitFor();
    await main().getByText('Instagram @ada.paints: 50 of 50 posts left today').waitFor();
    const instagramPreview = main().getByRole('article', { name: 'Instagram preview' });
    await instagramPreview.getByText('Images not saved yet show as Instagram receives them once the post is saved.').waitFor();

    // Saved, each image shows as Instagram receives it; the scroll (1:3) offers its mat.
    await main().getByRole('button', { name: 'Save', exact: true }).click();
    await poll(() => instagramPreview.getByTestId('instagram-fitted').count()).toBe(3);
    const scroll = instagramPreview.getByRole('listitem', { name: 'Image 1 of 3' });
    await scroll.getByText('Taller than Instagram takes (4:5): it goes whole on a mat, never cropped.').waitFor();
    expect(await instagramPreview.getByRole('listitem', { name: 'Image 2 of 3' }).getByRole('radio').count()).toBe(0);
    const fitted = scroll.getByTestId('instagram-fitted');
    // 4:5, at the scroll's own height (1800 px): the sides added, nothing cut.
    expect([await fitted.getAttribute('width'), await fitted.getAttribute('height')]).toEqual(['1440', '1800']);
    const white = await fitted.getAttribute('src');
    await scroll.getByText('Black', { exact: true }).click();
    await poll(() => fitted.getAttribute('src')).not.toBe(white);
    expect(await scroll.getByRole('radio', { name: 'Black' }).isChecked()).toBe(true);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await checkScreen(page, 'post-editor-instagram-facebook');
    }

    await main().getByRole('button', { name: 'Post', exact: true }).click();
    await main().getByRole('heading', { name: 'Published Post', level: 1 }).waitFor({ timeout: 30_000 });
    const deliveries = main().getByRole('list', { name: 'Deliveries' });
    const instagram = deliveries.getByRole('listitem', { name: 'Instagram @ada.paints' });
    const facebook = deliveries.getByRole('listitem', { name: 'Facebook @Ada Paints' });
    await poll(() => instagram.getAttribute('data-status')).toBe('posted');
    await poll(() => facebook.getAttribute('data-status')).toBe('posted');

    const media = [...meta.state.igMedia.values()].filter((m) => m.caption === CAPTION);
    expect(media).toHaveLength(1);
    expect(media[0].mediaType).toBe('CAROUSEL_ALBUM');
    const children = meta.state.containers.get(media[0].containerId)!.children!;
    expect(children).toHaveLength(3);
    // What Meta fetched for the scroll: 4:5, the work whole in the middle, the mat black at its sides.
    const first = await fetch(meta.state.containers.get(children[0])!.imageUrl!);
    expect(first.headers.get('content-type')).toBe('image/jpeg');
    const { data, info } = await sharp(Buffer.from(await first.arrayBuffer()))
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(info.width / info.height).toBeCloseTo(4 / 5, 2);
    const at = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)];
    for (const x of [2, info.width - 3]) expect(Math.max(...at(x, info.height >> 1))).toBeLessThan(16);
    expect(Math.max(...at(info.width >> 1, info.height >> 1))).toBeGreaterThan(64);
    const posts = [...meta.state.posts.values()].filter((p) => p.message === CAPTION);
    expect(posts).toHaveLength(1);
    expect(posts[0].pageId).toBe('102938475610293');
    expect(posts[0].attachedMedia).toHaveLength(3);
    expect(await instagram.getByRole('link').getAttribute('href')).toBe(media[0].permalink);
    expect(await facebook.getByRole('link').getAttribute('href')).toBe(posts[0].permalink);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await checkScreen(page, 'published-instagram-facebook');
    }
  });
});
