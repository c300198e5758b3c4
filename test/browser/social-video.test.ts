import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedAccount, expectAccessible, launchBrowser, startServer, type RunningServer } from '../support/browser';
import { logPageOnFailure, newPost, signInAt } from '../support/browser-steps';
import { startFakeVideoService, type FakeVideoService } from '../support/fake-video-service';
import type { Pds } from '../support/pds';
import { sharedPds } from '../support/shared-pds';
import { SOCIAL_TEST_ENV, connectOn, newPdsAccount, postRecords, type PdsAccount } from '../support/social';
import { newPageIn } from '../support/social-browser';
import { makeMp4 } from '../support/video';
import { ownTmpDir, type OwnTmpDir } from '../support/tmp-dir';

const EMAIL = 'maya@example.com';
const PASSWORD = 'Kodachrome1935';
const ALT = 'Ink spreading through water, filmed from above';

const poll = <T>(read: () => T | Promise<T>, timeout = 10_000) => expect.poll(read, { timeout });

/** A video post in a real browser: the upload, its alt text, Bluesky's processing shown on the response, the record. */
describe('a video post in a real browser, through a (fake) video service to a real PDS', () => {
  let tmp: OwnTmpDir;
  let pds: Pds;
  let video: FakeVideoService;
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let artist: PdsAccount;

  beforeAll(async () => {
    tmp = await ownTmpDir('studio-video-browser-');
    pds = await sharedPds();
    // Processing outlasts the Post button's wait (10 s), so the published post shows it going on.
    video = await startFakeVideoService(pds.url, { stepsToComplete: 50 });
    artist = await newPdsAccount(pds, 'maya');
    server = await startServer({
      ...SOCIAL_TEST_ENV,
      SOCIAL_POLL_MS: '200',
      BSKY_VIDEO_URL: video.url,
      BSKY_VIDEO_PDS_HOSTS: 'localhost',
      BSKY_VIDEO_POLL_MS: '250',
    });
    const { idToken } = await createVerifiedAccount(server, EMAIL, PASSWORD);
    await connectOn(server, idToken, artist, pds.url);
    browser = await launchBrowser();
    page = await newPageIn(browser, 'Europe/Lisbon');
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await video?.close();
    await pds?.close();
    await tmp?.restore();
  });

  logPageOnFailure(() => ({ page, server }), 4_000);

  const main = () => page.getByRole('main');

  it('uploads a video with its alt text, shows Bluesky processing it after Post, then posted with the video embedded', async () => {
    await signInAt(page, server.url, EMAIL, PASSWORD);
    await newPost(page);
    await main().getByRole('heading', { name: 'New Post', level: 1 }).waitFor();
    await main().getByLabel('Content').fill('Ink in water, day 3');

    const chooser = page.waitForEvent('filechooser');
    await main().getByRole('button', { name: 'Upload' }).click();
    await (await chooser).setFiles({ name: 'ink.mp4', mimeType: 'video/mp4', buffer: makeMp4({ width: 1280, height: 720, seconds: 20 }) });
    const card = main().getByRole('list', { name: 'Post files' }).getByRole('listitem', { name: 'ink.mp4' });
    await card.getByLabel('Alt text for ink.mp4').fill(ALT);
    await poll(() =>
      main()
        .getByRole('checkbox', { name: `Bluesky @${artist.handle}` })
        .isChecked(),
    ).toBe(true);
    await expectAccessible(page, 'new post with a video');

    await main().getByRole('button', { name: 'Post', exact: true }).click();
    await main().getByRole('heading', { name: 'Published Post', level: 1 }).waitFor({ timeout: 30_000 });
    const delivery = main()
      .getByRole('list', { name: 'Deliveries' })
      .getByRole('listitem', { name: `Bluesky @${artist.handle}` });
    await poll(() => delivery.textContent()).toMatch(/Bluesky is processing the video: \d+%/);
    expect(await delivery.getByRole('progressbar').count()).toBe(1);
    await expectAccessible(page, 'published post, video processing');
    await poll(() => delivery.getAttribute('data-status'), 30_000).toBe('posted');
    await delivery.getByRole('link', { name: 'View on Bluesky' }).waitFor();

    const [record] = await postRecords(artist.agent, artist.did);
    expect(record.value.embed as unknown).toMatchObject({
      $type: 'app.bsky.embed.video',
      alt: ALT,
      aspectRatio: { width: 1280, height: 720 },
      video: { mimeType: 'video/mp4' },
    });
    expect(video.refused).toEqual([]);
  });
});
