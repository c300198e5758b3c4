import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instagramStudio, mediaCaptioned, postToInstagram, settledResponse, type InstagramStudio } from '../support/instagram';
import { jpegOf } from '../support/media-host';

describe(`publishing to Instagram (${process.env.TEST_DB})`, () => {
  let s: InstagramStudio;
  beforeAll(async () => {
    s = await instagramStudio();
  });
  afterAll(async () => {
    await s?.close();
  });

  const postOne = async (caption: string) =>
    postToInstagram(s, caption, [{ bytes: await jpegOf(600, 1800), type: 'image/jpeg', name: 'scroll.jpg' }]);

  it('publishes a tall work whole, on a mat, as one media with its permalink', async () => {
    const r = await settledResponse(s, await postOne('A scroll, whole'));
    expect(r).toMatchObject({ postStatus: 'posted' });
    const media = mediaCaptioned(s.meta, 'A scroll, whole');
    expect(media).toHaveLength(1);
    expect(r.postUrl).toBe(media[0].permalink);
  });

  it('a lost media_publish answer is not a second post: the retry asks the container', async () => {
    s.meta.loseAnswer({ host: 'instagram-graph', method: 'POST', path: '/media_publish' });
    const r = await settledResponse(s, await postOne('Lost, then found'));
    expect(r).toMatchObject({ postStatus: 'posted' });
    const media = mediaCaptioned(s.meta, 'Lost, then found');
    expect(media).toHaveLength(1);
    expect(r.postUrl).toBe(media[0].permalink);
    expect([...s.meta.state.containers.values()].filter((c) => c.caption === 'Lost, then found')).toHaveLength(1);
  });
});
