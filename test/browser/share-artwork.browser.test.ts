import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Artwork } from '../../src/schemas/artwork.schema';
import type { SocialPost } from '../../src/schemas/social.schema';
import type { UploadTicket } from '../../src/schemas/upload.schema';
import { createVerifiedAccount, expectAccessible, launchBrowser, startServer, type RunningServer } from '../support/browser';
import { logPageOnFailure, signInAt } from '../support/browser-steps';
import type { Pds } from '../support/pds';
import { sharedPds } from '../support/shared-pds';
import { artworkInput, makeJpeg } from '../support/portfolio';
import { SOCIAL_TEST_ENV, connectOn, newPdsAccount, postRecords, type PdsAccount } from '../support/social';
import { newPageIn } from '../support/social-browser';
import { ownTmpDir, type OwnTmpDir } from '../support/tmp-dir';
import { jsonApi } from '../support/json-api';

const EMAIL = 'hilma@example.com';
const PASSWORD = 'Altarpiece1915';
const TITLE = 'The Swan, No. 17';

/** Polls for what the page shows; the default second of expect.poll is short on a busy machine. */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });
const sliceBytes = (text: string, start: number, end: number) => Buffer.from(text, 'utf8').subarray(start, end).toString('utf8');

describe('sharing an artwork to a post on a real PDS, in a real browser', () => {
  let tmp: OwnTmpDir;
  let pds: Pds;
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let token: string;
  let artist: PdsAccount;
  let artwork: Artwork;
  let portfolioUrl: string;

  /** A call to the API as the artist, answering its JSON. */
  const api = jsonApi(() => ({ url: server.url, token }));

  beforeAll(async () => {
    tmp = await ownTmpDir('studio-share-browser-');
    pds = await sharedPds();
    artist = await newPdsAccount(pds, 'hilma');
    server = await startServer({ ...SOCIAL_TEST_ENV, SOCIAL_POLL_MS: '200' });
    ({ idToken: token } = await createVerifiedAccount(server, EMAIL, PASSWORD));

    // What the artist already has: a connected account, an artwork with its image, and a published portfolio.
    await connectOn(server, token, artist, pds.url);
    artwork = await api<Artwork>('/artwork', { method: 'POST', json: artworkInput('PHYSICAL_2D', { title: TITLE }) });
    const jpeg = await makeJpeg(1200, 900);
    const ticket = await api<UploadTicket>(`/artwork/${artwork.artworkId}/media`, {
      method: 'POST',
      json: { fileName: 'swan.jpg', fileType: 'image/jpeg', fileSizeInBytes: jpeg.length },
    });
    const put = await fetch(new URL(ticket.uploadUrl, server.url), { method: 'PUT', headers: ticket.headers, body: new Uint8Array(jpeg) });
    expect(put.ok).toBe(true);
    await api(`/uploads/${ticket.uploadId}/complete`, { method: 'POST' });
    ({ url: portfolioUrl } = await api<{ url: string }>('/publish', { method: 'POST' }));

    browser = await launchBrowser();
    page = await newPageIn(browser, 'Europe/Stockholm');
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await pds?.close();
    await tmp?.restore();
  });

  logPageOnFailure(() => ({ page, server }), 4_000);

  const main = () => page.getByRole('main');

  it('Share in the artwork editor opens a new post with the image, its alt text, the link and the account', async () => {
    await signInAt(page, server.url, EMAIL, PASSWORD);
    await page.getByTestId('welcome').waitFor();

    await page.goto(`${server.url}/portfolio/artwork/${artwork.artworkId}`);
    await main().getByRole('heading', { name: 'Edit Artwork', level: 1 }).waitFor();
    await main().getByRole('link', { name: 'Share', exact: true }).click();

    await main().getByRole('heading', { name: 'New Post', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(`/social-media/post/new?artwork=${artwork.artworkId}`);
    const link = `${portfolioUrl}/artworks/${artwork.artworkId}`;
    await poll(() => main().getByLabel('Content').inputValue()).toBe(`${TITLE}\n\n${link}`);
    const card = main().getByRole('list', { name: 'Post files' }).getByRole('listitem', { name: 'the-swan-no-17.webp' });
    await card.waitFor();
    expect(await card.getByLabel('Alt text for the-swan-no-17.webp').inputValue()).toBe(TITLE);
    expect(
      await main()
        .getByRole('checkbox', { name: `Bluesky @${artist.handle}` })
        .isChecked(),
    ).toBe(true);
    expect(await main().getByTestId('share-hint').count()).toBe(0);
    await expectAccessible(page, 'new post shared from an artwork');
  });

  it('posts it: the record on the PDS has the image with the title as alt text and the link as a facet', async () => {
    await main().getByRole('button', { name: 'Post', exact: true }).click();
    await main().getByRole('heading', { name: 'Published Post', level: 1 }).waitFor({ timeout: 30_000 });
    const postId = new URL(page.url()).pathname.match(/^\/social-media\/post\/([0-9a-f-]{36})$/)?.[1];
    expect(postId).toBeDefined();
    const delivery = main()
      .getByRole('list', { name: 'Deliveries' })
      .getByRole('listitem', { name: `Bluesky @${artist.handle}` });
    await poll(() => delivery.getAttribute('data-status')).toBe('posted');

    // The post records the artwork it came from.
    expect((await api<SocialPost>(`/social-media/post/${postId}`)).artworkId).toBe(artwork.artworkId);

    const link = `${portfolioUrl}/artworks/${artwork.artworkId}`;
    const [record] = await postRecords(artist.agent, artist.did);
    expect(record.value.text).toBe(`${TITLE}\n\n${link}`);
    expect(record.value.embed?.$type).toBe('app.bsky.embed.images');
    expect(record.value.embed?.images).toHaveLength(1);
    const [image] = record.value.embed!.images;
    expect(image.alt).toBe(TITLE);
    expect(image.image.mimeType).toBe('image/jpeg');
    expect(image.aspectRatio!.width / image.aspectRatio!.height).toBeCloseTo(1200 / 900, 2);
    // The blob is really stored on the PDS.
    const blob = await artist.agent.com.atproto.sync.getBlob({ did: artist.did, cid: image.image.ref.toString() });
    expect(blob.data.length).toBe(image.image.size);

    const links = (record.value.facets ?? []).flatMap((f) =>
      f.features
        .filter((x) => x.$type === 'app.bsky.richtext.facet#link')
        .map((x) => ({ uri: x.uri, covers: sliceBytes(record.value.text, f.index.byteStart, f.index.byteEnd) })),
    );
    expect(links).toEqual([{ uri: link, covers: link }]);
  });
});
