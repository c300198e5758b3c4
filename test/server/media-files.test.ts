import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaItem } from '../../src/schemas/media.schema';
import { createMediaUrls } from '../../server/media-urls';
import { deriveKey } from '../../server/secrets';
import { parseRange } from '../../server/http/send-blob';
import { addMedia, createArtwork, fakeMp4, makeJpeg, pathOf, readBody } from '../support/portfolio';
import { createTestApp, signedInUser, type TestApp } from '../support/test-app';
import { dbLabel } from '../support/test-db';

const SECRET = 'test-secret-test-secret-test-secret!';

describe(`media bytes: validators, ranges, signed links (${dbLabel()})`, () => {
  let t: TestApp;
  let token: string;
  let artworkId: string;
  let video: MediaItem;
  let videoBytes: Buffer;
  let image: MediaItem;
  beforeAll(async () => {
    t = await createTestApp({ JWT_SECRET: SECRET });
    token = (await signedInUser(t)).idToken;
    artworkId = (await createArtwork(t, token)).artworkId;
    videoBytes = fakeMp4(300_000);
    video = await addMedia(t, token, artworkId, videoBytes, 'video/mp4', 'clip.mp4');
    image = await addMedia(t, token, artworkId, await makeJpeg(640, 480), 'image/jpeg', 'photo.jpg');
  });
  afterAll(() => t.close());

  const get = (path: string, headers: Record<string, string> = {}, withToken = true) =>
    t.request(path, { headers, token: withToken ? token : undefined });

  it('answers the bytes with type, length, ETag, private caching and Accept-Ranges', async () => {
    const res = await get(`/api/media/${video.mediaId}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('video/mp4');
    expect(res.headers.get('content-length')).toBe(String(videoBytes.length));
    expect(res.headers.get('etag')).toBe(`"${video.mediaId}-original"`);
    expect(res.headers.get('cache-control')).toBe('private, max-age=3600');
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    // An uploaded file is never run as a page of ours, whatever it holds.
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(res.headers.get('content-disposition')).toBe(`inline; filename="clip.mp4"; filename*=UTF-8''clip.mp4`);
    expect((await readBody(res)).equals(videoBytes)).toBe(true);
    const variant = await get(`/api/media/${image.mediaId}?size=sm`);
    expect(variant.headers.get('etag')).toBe(`"${image.mediaId}-sm"`);
    expect(variant.headers.get('content-disposition')).toBeNull();
  });

  it('HEAD answers the headers alone', async () => {
    const res = await t.request(`/api/media/${video.mediaId}`, { method: 'HEAD', token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBe(String(videoBytes.length));
    expect(res.headers.get('content-type')).toBe('video/mp4');
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect((await readBody(res)).length).toBe(0);
  });

  it('If-None-Match with the ETag answers 304 without a body', async () => {
    const etag = (await get(`/api/media/${image.mediaId}?size=smCrop`)).headers.get('etag')!;
    for (const value of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const res = await get(`/api/media/${image.mediaId}?size=smCrop`, { 'if-none-match': value });
      expect(res.status, value).toBe(304);
      expect(res.headers.get('etag')).toBe(etag);
      expect((await readBody(res)).length).toBe(0);
    }
    expect((await get(`/api/media/${image.mediaId}?size=smCrop`, { 'if-none-match': '"other"' })).status).toBe(200);
  });

  it.each([
    ['bytes=0-99', 0, 99],
    ['bytes=1000-1999', 1000, 1999],
    ['bytes=299000-', 299000, 299999],
    ['bytes=-500', 299500, 299999],
    ['bytes=299990-400000', 299990, 299999],
  ])('Range %s answers 206 with exactly those bytes', async (range, start, end) => {
    const res = await get(`/api/media/${video.mediaId}`, { range });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe(`bytes ${start}-${end}/${videoBytes.length}`);
    expect(res.headers.get('content-length')).toBe(String(end - start + 1));
    expect(res.headers.get('content-type')).toBe('video/mp4');
    expect((await readBody(res)).equals(videoBytes.subarray(start, end + 1))).toBe(true);
  });

  it.each(['bytes=300000-', 'bytes=400000-400010', 'bytes=-0'])('Range %s outside the file answers 416 with the size', async (range) => {
    const res = await get(`/api/media/${video.mediaId}`, { range });
    expect(res.status).toBe(416);
    expect(res.headers.get('content-range')).toBe(`bytes */${videoBytes.length}`);
  });

  it.each(['bytes=0-1,5-6', 'items=0-5', 'bytes=9-3'])('a Range it does not serve (%s) answers the whole file', async (range) => {
    const res = await get(`/api/media/${video.mediaId}`, { range });
    expect(res.status).toBe(200);
    expect((await readBody(res)).length).toBe(videoBytes.length);
  });

  it('If-Range with another ETag answers the whole file; with the ETag the range', async () => {
    const etag = `"${video.mediaId}-original"`;
    expect((await get(`/api/media/${video.mediaId}`, { range: 'bytes=0-9', 'if-range': '"old"' })).status).toBe(200);
    expect((await get(`/api/media/${video.mediaId}`, { range: 'bytes=0-9', 'if-range': etag })).status).toBe(206);
  });

  it('a variant a video does not have answers 404', async () => {
    const res = await get(`/api/media/${video.mediaId}?size=smCrop`);
    expect(res.status).toBe(404);
  });

  it("an id that is not a UUID answers 400 'Media ID must be a valid UUID'", async () => {
    const res = await get('/api/media/nope');
    expect(res.status).toBe(400);
    expect((await res.json()).fieldErrors).toEqual({ mediaId: ['Media ID must be a valid UUID'] });
  });

  describe('signed links', () => {
    it('every address the API hands out works without a token, ranges included', async () => {
      const [listed] = (await (await get(`/api/artwork/${artworkId}/media`)).json()).items as MediaItem[];
      expect(listed.urls.original).toMatch(new RegExp(`^/api/media/${video.mediaId}\\?exp=\\d+&sig=[\\w-]{43}$`));
      const res = await get(pathOf(listed.urls.original), { range: 'bytes=10-19' }, false);
      expect(res.status).toBe(206);
      expect((await readBody(res)).equals(videoBytes.subarray(10, 20))).toBe(true);
      for (const size of ['smCrop', 'sm', 'preview', 'medium', 'large'] as const) {
        expect((await get(pathOf(image.urls[size]!), {}, false)).status, size).toBe(200);
      }
      const artwork = await (await get(`/api/artwork/${artworkId}`)).json();
      expect((await get(pathOf(artwork.primaryImageUrl), {}, false)).status).toBe(200);
    });

    it('stay the same within the hour and last at least an hour', async () => {
      const again = (await (await get(`/api/artwork/${artworkId}/media`)).json()).items as MediaItem[];
      const url = new URL(again[1].urls.smCrop!, 'http://x');
      expect(again[1].urls.smCrop).toBe(image.urls.smCrop);
      const exp = Number(url.searchParams.get('exp'));
      expect(exp % 3600).toBe(0);
      expect(exp * 1000 - Date.now()).toBeGreaterThan(3600_000);
      expect(exp * 1000 - Date.now()).toBeLessThanOrEqual(7200_000);
    });

    it('fail with 403 when tampered with: another file, another size, another expiry, another signature', async () => {
      const url = new URL(image.urls.smCrop!, 'http://x');
      const exp = url.searchParams.get('exp')!;
      const sig = url.searchParams.get('sig')!;
      const flipped = sig.slice(0, -1) + (sig.endsWith('A') ? 'B' : 'A');
      const cases = [
        `/api/media/${video.mediaId}?size=smCrop&exp=${exp}&sig=${sig}`,
        `/api/media/${image.mediaId}?size=large&exp=${exp}&sig=${sig}`,
        `/api/media/${image.mediaId}?exp=${exp}&sig=${sig}`,
        `/api/media/${image.mediaId}?size=smCrop&exp=${Number(exp) + 3600}&sig=${sig}`,
        `/api/media/${image.mediaId}?size=smCrop&exp=${exp}&sig=${flipped}`,
        `/api/media/${image.mediaId}?size=smCrop&exp=${exp}`,
        `/api/media/${image.mediaId}?size=smCrop&sig=${sig}`,
        `/api/artwork/${artworkId}/media/primary?size=smCrop&exp=${exp}&sig=${sig}`,
      ];
      for (const path of cases) {
        const res = await get(path, {}, false);
        expect(res.status, path).toBe(403);
        expect(await res.json()).toEqual({ message: 'This media link is invalid or has expired.' });
      }
    });

    it('fail with 403 once expired', async () => {
      // Signed with the server's key as if two hours ago: its expiry has passed.
      const past = createMediaUrls(deriveKey(SECRET, 'media'), () => Date.now() - 2 * 3600_000);
      const expired = past.media(image.mediaId, 'smCrop');
      expect(Number(new URL(expired, 'http://x').searchParams.get('exp')) * 1000).toBeLessThan(Date.now());
      expect((await get(expired, {}, false)).status).toBe(403);
      const fresh = createMediaUrls(deriveKey(SECRET, 'media')).media(image.mediaId, 'smCrop');
      expect((await get(fresh, {}, false)).status).toBe(200);
      const otherKey = createMediaUrls(deriveKey('another-secret-another-secret-another', 'media')).media(image.mediaId, 'smCrop');
      expect((await get(otherKey, {}, false)).status).toBe(403);
    });

    it('of an artwork’s primary image work too', async () => {
      const urls = createMediaUrls(deriveKey(SECRET, 'media'));
      const res = await get(urls.primary(artworkId, 'preview'), {}, false);
      expect(res.status).toBe(200);
      expect(res.headers.get('etag')).toBe(`"${(await (await get(`/api/artwork/${artworkId}`)).json()).primaryImageMediaId}-preview"`);
    });

    it('of a deleted file answer 404', async () => {
      const extra = await addMedia(t, token, artworkId, await makeJpeg(32, 32), 'image/jpeg');
      await t.request(`/api/artwork/${artworkId}/media/${extra.mediaId}`, { method: 'DELETE', token });
      expect((await get(pathOf(extra.urls.smCrop!), {}, false)).status).toBe(404);
    });
  });
});

describe('parseRange', () => {
  it.each([
    ['bytes=0-0', 10, { start: 0, end: 0 }],
    ['bytes=5-', 10, { start: 5, end: 9 }],
    ['bytes=-3', 10, { start: 7, end: 9 }],
    ['bytes=-30', 10, { start: 0, end: 9 }],
    ['bytes=8-100', 10, { start: 8, end: 9 }],
    [' bytes=1-2 ', 10, { start: 1, end: 2 }],
    ['bytes=10-', 10, 'unsatisfiable'],
    ['bytes=-0', 10, 'unsatisfiable'],
    ['bytes=0-', 0, 'unsatisfiable'],
    ['bytes=-', 10, null],
    ['bytes=3-1', 10, null],
    ['bytes=1-2,4-5', 10, null],
    ['pages=1-2', 10, null],
  ])('%s of %i bytes', (header, size, expected) => {
    expect(parseRange(header, size)).toEqual(expected);
  });
});
