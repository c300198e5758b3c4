import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { socialDeliveries } from '../../server/db/schema';
import { ERRORS } from '../support/meta-fake';
import { instagramStudio, mediaCaptioned, postToInstagram, settledResponse, type InstagramStudio } from '../support/instagram';
import { jpegOf } from '../support/media-host';
import { makeMp4 } from '../support/video';

const jpeg = async (name: string, w: number, h: number) => ({ bytes: await jpegOf(w, h), type: 'image/jpeg', name });

describe(`Instagram carousels and Reels (${process.env.TEST_DB})`, () => {
  let s: InstagramStudio;
  beforeAll(async () => {
    s = await instagramStudio();
  });
  afterAll(async () => {
    await s?.close();
  });

  const containersOf = (caption: string) => [...s.meta.state.containers.values()].filter((c) => c.caption === caption);
  const items = () => [...s.meta.state.containers.values()].filter((c) => c.kind === 'CAROUSEL_ITEM');

  it('publishes three works as one carousel: an item container per image, then the carousel, then one media', async () => {
    const before = items().length;
    const postId = await postToInstagram(s, 'Three studies', [
      await jpeg('a.jpg', 800, 800),
      await jpeg('scroll.jpg', 500, 1800),
      await jpeg('b.jpg', 1200, 900),
    ]);
    const r = await settledResponse(s, postId);
    expect(r).toMatchObject({ postStatus: 'posted' });
    const media = mediaCaptioned(s.meta, 'Three studies');
    expect(media).toHaveLength(1);
    expect(media[0].mediaType).toBe('CAROUSEL_ALBUM');
    expect(r.postUrl).toBe(media[0].permalink);
    const [carousel] = containersOf('Three studies');
    expect(carousel.kind).toBe('CAROUSEL');
    expect(carousel.children).toHaveLength(3);
    expect(items().length - before).toBe(3);
    // Each item was recorded before the next was made, and the carousel with them.
    const [row] = await s.t.deps.db.select().from(socialDeliveries).where(eq(socialDeliveries.postId, postId));
    expect(row.remoteSteps).toMatchObject({ itemContainerIds: carousel.children, containerId: carousel.id, mediaId: media[0].id });
    // The tall work went whole, on a mat: every item was fetched and passed Instagram's checks.
    for (const id of carousel.children!) expect(s.meta.state.containers.get(id)!.fetch).toBe('done');
  });

  it('a lost media_publish answer on a carousel is not a second post, and no item is made twice', async () => {
    const before = items().length;
    s.meta.loseAnswer({ host: 'instagram-graph', method: 'POST', path: '/media_publish' });
    const postId = await postToInstagram(s, 'Two, lost then found', [await jpeg('a.jpg', 900, 900), await jpeg('b.jpg', 1000, 800)]);
    const r = await settledResponse(s, postId);
    expect(r).toMatchObject({ postStatus: 'posted' });
    const media = mediaCaptioned(s.meta, 'Two, lost then found');
    expect(media).toHaveLength(1);
    expect(r.postUrl).toBe(media[0].permalink);
    expect(containersOf('Two, lost then found')).toHaveLength(1);
    expect(items().length - before).toBe(2);
  });

  it('a retry after the items were made keeps them: no image gets a second container', async () => {
    const before = items().length;
    // The first look at an item's status fails (a passing server error): by then the three items are made and recorded.
    s.meta.failNext({ host: 'instagram-graph', method: 'GET', path: /\/\d{17}$/ }, ERRORS.serverError);
    const postId = await postToInstagram(s, 'Three, resumed', [
      await jpeg('a.jpg', 900, 900),
      await jpeg('b.jpg', 1000, 800),
      await jpeg('c.jpg', 800, 1000),
    ]);
    const r = await settledResponse(s, postId);
    expect(r).toMatchObject({ postStatus: 'posted' });
    expect(mediaCaptioned(s.meta, 'Three, resumed')).toHaveLength(1);
    expect(items().length - before).toBe(3);
    expect(containersOf('Three, resumed')).toHaveLength(1);
  });

  it('publishes a video as a Reel, fetched from the studio’s expiring address, once it has finished processing', async () => {
    s.meta.instagram.processingMs = 1500;
    try {
      const postId = await postToInstagram(s, 'A Reel', [
        { bytes: makeMp4({ width: 1080, height: 1920, seconds: 12 }), type: 'video/mp4', name: 'reel.mp4' },
      ]);
      const r = await settledResponse(s, postId);
      expect(r).toMatchObject({ postStatus: 'posted' });
      const media = mediaCaptioned(s.meta, 'A Reel');
      expect(media).toHaveLength(1);
      expect(media[0].mediaType).toBe('VIDEO');
      const [reel] = containersOf('A Reel');
      expect(reel).toMatchObject({ kind: 'REELS', fetch: 'done' });
      expect(new URL(reel.videoUrl!).pathname).toMatch(/^\/m\/[\w-]+$/);
      const crawl = s.meta.crawls.find((c) => c.url === reel.videoUrl);
      expect(crawl).toMatchObject({ robots: 'allowed', status: 200 });
    } finally {
      s.meta.instagram.processingMs = 0;
    }
  });
});
