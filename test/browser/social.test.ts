import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SocialAccount, SocialPost } from '../../src/schemas/social.schema';
import { createVerifiedAccount, expectAccessible, launchBrowser, startServer, type RunningServer } from '../support/browser';
import { logPageOnFailure, newPost, signInAt } from '../support/browser-steps';
import type { Pds } from '../support/pds';
import { sharedPds } from '../support/shared-pds';
import { makeJpeg } from '../support/portfolio';
import { SOCIAL_TEST_ENV, newPdsAccount, postRecords, type PdsAccount, type PostRecord } from '../support/social';
import { dayIn, dropFiles, formatIn, localInputValue, makePng, markDocument, newPageIn, rkeyOf } from '../support/social-browser';
import { ownTmpDir, type OwnTmpDir } from '../support/tmp-dir';

const EMAIL = 'frida@example.com';
const PASSWORD = 'Coyoacan1907';
const TIME_ZONE = 'Asia/Kolkata';
const ALT = 'A red disc over a blue-to-gold gradient, oil study';
const FIRST = { content: 'Harbour study, fresh off the easel #oilpainting', hashtag: 'seascape' };
const SCHEDULED = { content: 'Open studio this Saturday, come and see the new series #openstudio', alt: 'The studio door, propped open' };
/** How far ahead the second post is scheduled: time to save it and open the calendar before it is due. */
const SCHEDULE_AHEAD_MS = 20_000;

/** Polls for what the page shows; the default second of expect.poll is short on a busy machine. */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 10_000 });
const utf8 = (s: string) => Buffer.from(s, 'utf8');
const sliceBytes = (text: string, start: number, end: number) => utf8(text).subarray(start, end).toString('utf8');
/** The hashtags a record's facets tag, with the text each covers. */
const tagFacets = (record: PostRecord) =>
  (record.value.facets ?? []).flatMap((f) =>
    f.features
      .filter((x) => x.$type === 'app.bsky.richtext.facet#tag')
      .map((x) => ({ tag: x.tag, covers: sliceBytes(record.value.text, f.index.byteStart, f.index.byteEnd) })),
  );

describe('social media in a real browser, posting to a real PDS', () => {
  let tmp: OwnTmpDir;
  let pds: Pds;
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let token: string;
  let artist: PdsAccount;
  let firstUrl: string;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    // The PDS and the server leave their files in the temp folder: this test's own, removed afterwards.
    tmp = await ownTmpDir('studio-social-browser-');
    pds = await sharedPds();
    artist = await newPdsAccount(pds, 'frida');
    server = await startServer({ ...SOCIAL_TEST_ENV, SOCIAL_POLL_MS: '200' });
    ({ idToken: token } = await createVerifiedAccount(server, EMAIL, PASSWORD));
    browser = await launchBrowser();
    page = await newPageIn(browser, TIME_ZONE);
    page.on('pageerror', (error) => pageErrors.push(error.message));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await pds?.close();
    await tmp?.restore();
  });

  logPageOnFailure(() => ({ page, server }), 4_000);

  const main = () => page.getByRole('main');
  const nav = (name: string) => page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name, exact: true });
  const toast = (title: string) => page.getByRole('status').filter({ hasText: title }).first();
  const api = async <T>(p: string): Promise<T> => {
    const res = await fetch(`${server.url}/api${p}`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    return (await res.json()) as T;
  };
  const records = () => postRecords(artist.agent, artist.did);

  it('signs in and finds no account connected', async () => {
    await signInAt(page, server.url, EMAIL, PASSWORD);
    await poll(() => page.getByTestId('welcome').textContent()).toBe('Welcome');

    await nav('Social Media Accounts').click();
    await main().getByRole('heading', { name: 'Social Media Accounts', level: 1 }).waitFor();
    await main().getByText('No social media accounts connected yet.').waitFor();
    await expectAccessible(page, 'accounts, none connected');
  });

  it('refuses a wrong app password with the server message on the form, connecting nothing', async () => {
    await main().getByRole('button', { name: 'New Social Media Account' }).click();
    await page.getByRole('menuitem', { name: 'Bluesky' }).click();
    await main().getByRole('heading', { name: 'Connect Bluesky', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/social-media/accounts/connect/bluesky');
    await expectAccessible(page, 'connect Bluesky');

    // OAuth is the first way; this test connects with the second.
    await main().getByRole('button', { name: 'Use an app password instead' }).click();
    const form = main().getByRole('form', { name: 'Connect Bluesky' });
    await form.getByLabel('Handle').fill(artist.handle);
    await form.getByLabel('App password').fill('wrong-wrong-wrong-wrong');
    await form.getByLabel('Server (PDS) address').fill(pds.url);
    await form.getByRole('button', { name: 'Connect', exact: true }).click();

    const message = 'Bluesky did not accept the handle and app password. Check them, and use an app password, not the account password.';
    await form.getByText(message).waitFor();
    const appPassword = form.getByLabel('App password');
    expect(await appPassword.getAttribute('aria-invalid')).toBe('true');
    // The message is the field's error message for assistive tech too.
    expect(await appPassword.evaluate((el) => document.getElementById(el.getAttribute('aria-errormessage') ?? '')?.textContent)).toBe(
      message,
    );
    // Everything typed stays; the form can be sent again.
    expect(await form.getByLabel('Handle').inputValue()).toBe(artist.handle);
    expect(await form.getByLabel('Server (PDS) address').inputValue()).toBe(pds.url);
    expect(await form.getByRole('button', { name: 'Connect', exact: true }).isEnabled()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/social-media/accounts/connect/bluesky');
    await expectAccessible(page, 'connect Bluesky with a refused app password');

    expect(await api<SocialAccount[]>('/social-media/accounts')).toEqual([]);
  });

  it('connects the account with its app password on the local PDS and shows its card', async () => {
    const form = main().getByRole('form', { name: 'Connect Bluesky' });
    await form.getByLabel('App password').fill(artist.appPassword);
    await form.getByRole('button', { name: 'Connect', exact: true }).click();

    await main().getByRole('heading', { name: 'Social Media Accounts', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/social-media/accounts');
    await toast(`Bluesky account @${artist.handle} connected`).waitFor();
    const card = main().getByRole('list', { name: 'Connected accounts' }).getByRole('listitem');
    await poll(() => card.count()).toBe(1);
    expect(await card.getByRole('link', { name: `@${artist.handle}` }).isVisible()).toBe(true);
    expect(await card.textContent()).toContain('Bluesky');
    expect(await card.textContent()).toContain(new URL(pds.url).origin);
    expect(await card.getByRole('button', { name: `Disconnect Bluesky @${artist.handle}` }).isVisible()).toBe(true);
    await expectAccessible(page, 'accounts with one card');

    const accounts = await api<SocialAccount[]>('/social-media/accounts');
    expect(accounts).toEqual([
      {
        platform: 'bluesky',
        handle: artist.handle,
        service: new URL(pds.url).origin,
        connectedAt: expect.any(String),
        authMethod: 'app-password',
        needsReconnectAt: null,
        // Bluesky keeps no Graph id and no token end date (those are Instagram's and Facebook's).
        externalId: null,
        tokenExpiresAt: null,
      },
    ]);
  });

  it('writes a post with an image, alt text and hashtags, posts it, and sees it published with its link', async () => {
    await newPost(page);
    await main().getByRole('heading', { name: 'New Post', level: 1 }).waitFor();

    await main().getByLabel('Content').fill(FIRST.content);
    const hashtags = main().getByLabel('Hashtags');
    await hashtags.fill(FIRST.hashtag);
    await hashtags.press('Enter');
    const expectedText = `${FIRST.content}\n\n#${FIRST.hashtag}`;
    await poll(() => main().getByTestId('post-counter').textContent()).toBe(`${expectedText.length} / 280 characters`);

    const png = await makePng(900, 600);
    const chooser = page.waitForEvent('filechooser');
    await main().getByRole('button', { name: 'Upload' }).click();
    await (await chooser).setFiles({ name: 'harbour.png', mimeType: 'image/png', buffer: png });
    const fileCard = main().getByRole('list', { name: 'Post files' }).getByRole('listitem', { name: 'harbour.png' });
    await fileCard.waitFor();
    await fileCard.getByLabel('Alt text for harbour.png').fill(ALT);

    // With one account connected it is ticked already; unticked, the post has none and says so; ticked again.
    const account = main().getByRole('checkbox', { name: `Bluesky @${artist.handle}` });
    await poll(() => account.isChecked()).toBe(true);
    await main().getByText(`Bluesky @${artist.handle}`, { exact: true }).click();
    await poll(() => account.isChecked()).toBe(false);
    await main().getByText('At least one account is required').waitFor();
    await main().getByText(`Bluesky @${artist.handle}`, { exact: true }).click();
    await poll(() => account.isChecked()).toBe(true);
    await poll(() => main().getByText('At least one account is required').count()).toBe(0);
    await expectAccessible(page, 'new post, filled in');

    await main().getByRole('button', { name: 'Post', exact: true }).click();
    await main().getByRole('heading', { name: 'Published Post', level: 1 }).waitFor({ timeout: 30_000 });
    expect(await main().getByTestId('post-label').textContent()).toBe('Published');
    await toast('Post published successfully').waitFor();
    const postId = new URL(page.url()).pathname.match(/^\/social-media\/post\/([0-9a-f-]{36})$/)?.[1];
    expect(postId).toBeDefined();
    expect(await main().getByTestId('published-text').textContent()).toBe(expectedText);

    const delivery = main()
      .getByRole('list', { name: 'Deliveries' })
      .getByRole('listitem', { name: `Bluesky @${artist.handle}` });
    await poll(() => delivery.getAttribute('data-status')).toBe('posted');
    const link = delivery.getByRole('link', { name: 'View on Bluesky' });
    firstUrl = (await link.getAttribute('href'))!;
    expect(firstUrl).toMatch(new RegExp(`^https://bsky\\.app/profile/${artist.handle.replace(/\./g, '\\.')}/post/[a-z2-7]{13}$`));
    expect(await main().getByText(`Alt text: ${ALT}`).isVisible()).toBe(true);
    await expectAccessible(page, 'published post');

    // On the PDS: one record, under the key the link names, with the image and both hashtags as facets.
    const all = await records();
    expect(all).toHaveLength(1);
    const [record] = all;
    expect(record.uri).toBe(`at://${artist.did}/app.bsky.feed.post/${rkeyOf(firstUrl)}`);
    expect(record.value.text).toBe(expectedText);
    expect(tagFacets(record)).toEqual([
      { tag: 'oilpainting', covers: '#oilpainting' },
      { tag: 'seascape', covers: '#seascape' },
    ]);
    expect(record.value.embed?.$type).toBe('app.bsky.embed.images');
    expect(record.value.embed?.images).toHaveLength(1);
    const [image] = record.value.embed!.images;
    expect(image).toMatchObject({ alt: ALT, aspectRatio: { width: 900, height: 600 }, image: { mimeType: 'image/jpeg' } });
    const blob = await artist.agent.com.atproto.sync.getBlob({ did: artist.did, cid: image.image.ref.toString() });
    const meta = await sharp(Buffer.from(blob.data)).metadata();
    expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({ format: 'jpeg', width: 900, height: 600 });

    // Times read in the browser's zone.
    const post = await api<SocialPost>(`/social-media/post/${postId}`);
    expect(post).toMatchObject({ isDraft: false, hashtags: [FIRST.hashtag], responses: [{ postStatus: 'posted', postUrl: firstUrl }] });
    expect(await main().getByTestId('date-published').textContent()).toBe(formatIn(post.datePublished!, TIME_ZONE));
    expect(await delivery.textContent()).toContain(`Posted on ${formatIn(post.responses[0].datePosted!, TIME_ZONE)}.`);
  });

  it('schedules another post a few seconds ahead and watches the calendar turn it Published', async () => {
    await newPost(page);
    await main().getByRole('heading', { name: 'New Post', level: 1 }).waitFor();
    await main().getByLabel('Content').fill(SCHEDULED.content);
    // This time the image is dragged onto the drop zone (a portrait JPEG).
    const studioJpg = path.join(tmp.path, 'studio.jpg');
    await fs.writeFile(studioJpg, await makeJpeg(600, 800));
    await dropFiles(page, main().getByRole('group', { name: 'Drop files here' }), [studioJpg]);
    const fileCard = main().getByRole('list', { name: 'Post files' }).getByRole('listitem', { name: 'studio.jpg' });
    await fileCard.waitFor();
    expect(await fileCard.getAttribute('data-status')).toBe('waiting');
    await fileCard.getByLabel('Alt text for studio.jpg').fill(SCHEDULED.alt);

    // The schedule is wall-clock time in the browser's zone (UTC+05:30). The field shows minutes, but a datetime-local
    // value may carry seconds (Chromium keeps them): the post is due in seconds, not at the next whole minute.
    const due = Math.floor((Date.now() + SCHEDULE_AHEAD_MS) / 1000) * 1000;
    await main()
      .getByLabel('Schedule', { exact: true })
      .fill(await localInputValue(page, due));
    await poll(() => main().getByTestId('schedule-summary').textContent()).toBe(
      `Publishes on ${formatIn(due, TIME_ZONE)}; Post publishes now instead.`,
    );
    // Chromium names the zone by its older ICU name (Asia/Calcutta); the page shows the browser's own name.
    const zoneName = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(['Asia/Kolkata', 'Asia/Calcutta']).toContain(zoneName);
    expect(await main().getByTestId('time-zone').textContent()).toBe(`Time zone: ${zoneName}`);

    await main().getByRole('button', { name: 'Schedule', exact: true }).click();
    await main().getByRole('heading', { name: 'Edit Post', level: 1 }).waitFor();
    await toast('Draft saved successfully').waitFor();
    expect(await main().getByTestId('post-label').textContent()).toBe('Scheduled Draft');
    const postId = new URL(page.url()).pathname.match(/^\/social-media\/post\/([0-9a-f-]{36})$/)?.[1];
    expect(postId).toBeDefined();
    const draft = await api<SocialPost>(`/social-media/post/${postId}`);
    expect(draft).toMatchObject({
      isDraft: true,
      dateScheduled: due,
      content: SCHEDULED.content,
      media: [{ fileName: 'studio.jpg', altText: SCHEDULED.alt }],
    });
    await poll(() => fileCard.getAttribute('data-status')).toBe('uploaded');
    await expectAccessible(page, 'scheduled draft');
    expect(Date.now()).toBeLessThan(due - 2000);

    await nav('Social Media Calendar').click();
    await main().getByRole('heading', { name: 'Social Media Calendar', level: 1 }).waitFor();
    const item = main()
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name: SCHEDULED.content }) });
    await poll(() => item.getAttribute('data-label')).toBe('Scheduled Draft');
    expect(Date.now()).toBeLessThan(due);
    expect(await item.locator('time').getAttribute('datetime')).toBe(new Date(due).toISOString());
    expect(await item.locator('time').textContent()).toBe(formatIn(due, TIME_ZONE));
    await main().getByText('Updating while posts go out…').waitFor();
    await expectAccessible(page, 'calendar list with a scheduled draft');
    const sameDocument = await markDocument(page);

    // Nobody touches the page: the calendar reads again while the post is due, and the server's worker publishes it.
    await expect.poll(() => item.getAttribute('data-label'), { timeout: SCHEDULE_AHEAD_MS + 20_000, interval: 250 }).toBe('Published');
    expect(Date.now()).toBeGreaterThanOrEqual(due);
    expect(await sameDocument()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/social-media');
    const link = item.getByRole('link', { name: 'View on Bluesky (opens in a new tab)' });
    await expect.poll(() => link.count(), { timeout: 15_000 }).toBe(1);
    const url = (await link.getAttribute('href'))!;
    expect(url).toMatch(new RegExp(`^https://bsky\\.app/profile/${artist.handle.replace(/\./g, '\\.')}/post/[a-z2-7]{13}$`));
    expect(url).not.toBe(firstUrl);
    // Once nothing awaits the server, the calendar stops polling.
    await poll(() => main().getByText('Updating while posts go out…').count()).toBe(0);
    await expectAccessible(page, 'calendar list, both published');

    // On the PDS: posted exactly once, under the link's key; still once a few polls of the worker later.
    const scheduled = (await records()).filter((r) => r.value.text === SCHEDULED.content);
    expect(scheduled.map((r) => r.uri)).toEqual([`at://${artist.did}/app.bsky.feed.post/${rkeyOf(url)}`]);
    expect(tagFacets(scheduled[0])).toEqual([{ tag: 'openstudio', covers: '#openstudio' }]);
    expect(scheduled[0].value.embed?.images).toMatchObject([
      { alt: SCHEDULED.alt, aspectRatio: { width: 600, height: 800 }, image: { mimeType: 'image/jpeg' } },
    ]);
    await page.waitForTimeout(1000);
    const all = await records();
    expect(all).toHaveLength(2);
    expect(all.filter((r) => r.value.text === SCHEDULED.content)).toHaveLength(1);

    const published = await api<SocialPost>(`/social-media/post/${postId}`);
    expect(published).toMatchObject({ isDraft: false, dateScheduled: due, responses: [{ postStatus: 'posted', postUrl: url }] });
    expect(published.datePublished).toBeGreaterThanOrEqual(due);
  });

  it('shows both published posts on their day in the week and month views', async () => {
    const views = main().getByRole('radiogroup', { name: 'Calendar view' });
    const posts = await api<SocialPost[]>('/social-media/post');
    expect(posts.map((p) => p.isDraft)).toEqual([false, false]);
    // Their day in the artist's zone (UTC+05:30), which is not always the server's.
    const days = posts.map((p) => dayIn(p.datePublished!, TIME_ZONE));
    for (const view of ['Week', 'Month'] as const) {
      await views.getByText(view, { exact: true }).click();
      await poll(() => main().getByRole('region', { name: 'Social Media Calendar' }).getAttribute('data-view')).toBe(view.toLowerCase());
      const items = main().locator('li[data-label]');
      await poll(() => items.evaluateAll((els) => els.map((e) => e.getAttribute('data-label')))).toEqual(['Published', 'Published']);
      for (const [i, post] of posts.entries()) {
        const dayList = main().getByRole('list', {
          name: view === 'Week' ? `Posts on ${days[i].weekday}, ${days[i].date}` : `Posts on ${days[i].date}`,
        });
        expect(await dayList.getByRole('link', { name: post.content.slice(0, 20) }).count()).toBe(1);
      }
      expect(await main().getByRole('link', { name: 'View on Bluesky (opens in a new tab)' }).count()).toBe(2);
      await expectAccessible(page, `calendar ${view.toLowerCase()}`);
    }
    expect(pageErrors).toEqual([]);
  });
});
