import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Artwork } from '../../src/schemas/artwork.schema';
import { type MediaItem, mediaItemSchema, mediaListSchema } from '../../src/schemas/media.schema';
import { artworkMedia } from '../../server/db/schema';
import {
  addMedia,
  createArtwork,
  fakeMp3,
  fakeMp4,
  hasGpsPointer,
  makeJpeg,
  pathOf,
  readBody,
  requestTicket,
  storedFiles,
} from '../support/portfolio';
import { createTestApp, signedInUser, type TestApp } from '../support/test-app';
import { dbLabel } from '../support/test-db';

describe(`artwork media (${dbLabel()})`, () => {
  let t: TestApp;
  let ada: string;
  let bob: string;
  let photo: Buffer;
  beforeAll(async () => {
    t = await createTestApp();
    ada = (await signedInUser(t)).idToken;
    bob = (await signedInUser(t)).idToken;
    // Stored landscape 1200 x 900, shown portrait (orientation 6: turn 90° clockwise), with camera and GPS tags.
    photo = await makeJpeg(1200, 900, { orientation: 6, gps: true });
  });
  afterAll(() => t.close());

  const getArtwork = async (id: string) => (await (await t.request(`/api/artwork/${id}`, { token: ada })).json()) as Artwork;
  const listMedia = async (id: string) =>
    mediaListSchema.parse(await (await t.request(`/api/artwork/${id}/media`, { token: ada })).json()).items;

  describe('an image', () => {
    let artwork: Artwork;
    let item: MediaItem;
    beforeAll(async () => {
      artwork = await createArtwork(t, ada);
      item = mediaItemSchema.parse(await addMedia(t, ada, artwork.artworkId, photo, 'image/jpeg', 'harbour.jpg'));
    });

    it('answers its media item; the first image becomes the primary', async () => {
      expect(item).toMatchObject({
        artworkId: artwork.artworkId,
        fileName: 'harbour.jpg',
        fileSizeInBytes: photo.length,
        contentType: 'image/jpeg',
        kind: 'image',
        width: 900,
        height: 1200,
        isPrimary: true,
      });
      expect(Date.now() - new Date(item.dateCreated).getTime()).toBeLessThan(60_000);
      const after = await getArtwork(artwork.artworkId);
      expect(after.primaryImageMediaId).toBe(item.mediaId);
      expect(after.primaryImageUrl).toMatch(new RegExp(`^/api/media/${item.mediaId}\\?size=smCrop&exp=\\d+&sig=[\\w-]+$`));
      expect(after.primaryImageUncroppedUrl).toMatch(new RegExp(`^/api/media/${item.mediaId}\\?size=sm&exp=\\d+&sig=[\\w-]+$`));
    });

    it('stores the original and five WebP variants of the right sizes under media/<user>/<artwork>/<media>/', async () => {
      const files = (await storedFiles(t)).filter((f) => f.includes(item.mediaId));
      expect(files.map((f) => f.split('/').slice(2).join('/')).sort()).toEqual(
        [
          `${artwork.artworkId}/${item.mediaId}/large.webp`,
          `${artwork.artworkId}/${item.mediaId}/medium.webp`,
          `${artwork.artworkId}/${item.mediaId}/original`,
          `${artwork.artworkId}/${item.mediaId}/preview.webp`,
          `${artwork.artworkId}/${item.mediaId}/sm.webp`,
          `${artwork.artworkId}/${item.mediaId}/smCrop.webp`,
        ].sort(),
      );
      expect(files.every((f) => f.startsWith('media/'))).toBe(true);
      expect((await storedFiles(t)).some((f) => f.startsWith('uploads/'))).toBe(false);

      const expected = { smCrop: [400, 400], sm: [450, 600], preview: [300, 400], medium: [720, 960], large: [900, 1200] } as const;
      for (const [size, [width, height]] of Object.entries(expected)) {
        const res = await t.request(pathOf(item.urls[size as keyof typeof expected]!));
        expect(res.status, size).toBe(200);
        expect(res.headers.get('content-type')).toBe('image/webp');
        const meta = await sharp(await readBody(res)).metadata();
        expect({ size, format: meta.format, width: meta.width, height: meta.height }).toEqual({ size, format: 'webp', width, height });
      }
    });

    it('variants are turned upright and carry no EXIF, GPS, XMP, IPTC or ICC data', async () => {
      const source = await sharp(photo).metadata();
      expect(source.orientation).toBe(6);
      expect(hasGpsPointer(source.exif)).toBe(true);
      for (const size of ['smCrop', 'sm', 'preview', 'medium', 'large'] as const) {
        const bytes = await readBody(await t.request(pathOf(item.urls[size]!)));
        const meta = await sharp(bytes).metadata();
        expect(meta.exif, size).toBeUndefined();
        expect(meta.xmp, size).toBeUndefined();
        expect(meta.iptc, size).toBeUndefined();
        expect(meta.icc, size).toBeUndefined();
        expect(meta.orientation, size).toBeUndefined();
        expect(bytes.includes('Secret Model'), size).toBe(false);
        expect(bytes.includes('EXIF') || bytes.includes('Exif'), size).toBe(false);
      }
      // The stored image's red rises left to right; turned clockwise, it rises top to bottom.
      const { data, info } = await sharp(await readBody(await t.request(pathOf(item.urls.large!))))
        .raw()
        .toBuffer({ resolveWithObject: true });
      const redOfRow = (y: number) => {
        let sum = 0;
        for (let x = 0; x < info.width; x++) sum += data[(y * info.width + x) * info.channels];
        return sum / info.width;
      };
      expect(redOfRow(info.height - 5) - redOfRow(5)).toBeGreaterThan(150);
    });

    it('the original is kept byte for byte (it is the artist’s own file)', async () => {
      const res = await t.request(pathOf(item.urls.original));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/jpeg');
      expect((await readBody(res)).equals(photo)).toBe(true);
    });

    it('GET .../media lists the items oldest first with their flags', async () => {
      const second = await addMedia(t, ada, artwork.artworkId, await makeJpeg(300, 200), 'image/jpeg', 'second.jpg');
      const video = await addMedia(t, ada, artwork.artworkId, fakeMp4(50_000), 'video/mp4', 'clip.mp4');
      expect(second.isPrimary).toBe(false);
      expect(video).toMatchObject({
        kind: 'video',
        width: null,
        height: null,
        isPrimary: false,
        urls: { smCrop: null, sm: null, preview: null, medium: null, large: null },
      });
      const items = await listMedia(artwork.artworkId);
      expect(items.map((m) => [m.fileName, m.isPrimary])).toEqual([
        ['harbour.jpg', true],
        ['second.jpg', false],
        ['clip.mp4', false],
      ]);
    });

    it('a small image is not enlarged, except for the square crop', async () => {
      const small = (await listMedia(artwork.artworkId)).find((m) => m.fileName === 'second.jpg')!;
      const dims = async (size: 'smCrop' | 'sm' | 'preview' | 'medium' | 'large') => {
        const meta = await sharp(await readBody(await t.request(pathOf(small.urls[size]!)))).metadata();
        return [meta.width, meta.height];
      };
      expect(await dims('smCrop')).toEqual([400, 400]);
      expect(await dims('sm')).toEqual([300, 200]);
      expect(await dims('preview')).toEqual([300, 200]);
      expect(await dims('medium')).toEqual([300, 200]);
      expect(await dims('large')).toEqual([300, 200]);
    });
  });

  describe('the primary image', () => {
    it('can be set to another image of the artwork; only one is ever primary', async () => {
      const artwork = await createArtwork(t, ada);
      const first = await addMedia(t, ada, artwork.artworkId, await makeJpeg(64, 48), 'image/jpeg', 'a.jpg');
      const second = await addMedia(t, ada, artwork.artworkId, await makeJpeg(64, 48), 'image/jpeg', 'b.jpg');
      const res = await t.request(`/api/artwork/${artwork.artworkId}/media/primary`, {
        method: 'POST',
        token: ada,
        json: { mediaId: second.mediaId },
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ artworkId: artwork.artworkId, primaryImageMediaId: second.mediaId });
      const items = await listMedia(artwork.artworkId);
      expect(items.filter((m) => m.isPrimary).map((m) => m.mediaId)).toEqual([second.mediaId]);
      expect(items.find((m) => m.mediaId === first.mediaId)!.isPrimary).toBe(false);
    });

    it('must be an image of that artwork', async () => {
      const artwork = await createArtwork(t, ada);
      const other = await createArtwork(t, ada);
      const video = await addMedia(t, ada, artwork.artworkId, fakeMp4(10_000), 'video/mp4');
      const elsewhere = await addMedia(t, ada, other.artworkId, await makeJpeg(64, 48), 'image/jpeg');
      const set = (mediaId: unknown) =>
        t.request(`/api/artwork/${artwork.artworkId}/media/primary`, { method: 'POST', token: ada, json: { mediaId } });

      const notImage = await set(video.mediaId);
      expect(notImage.status).toBe(400);
      expect((await notImage.json()).fieldErrors).toEqual({ mediaId: ['Only an image can be the primary media.'] });
      expect((await set(elsewhere.mediaId)).status).toBe(404);
      expect((await set(crypto.randomUUID())).status).toBe(404);
      const bad = await set('nope');
      expect(bad.status).toBe(400);
      expect((await bad.json()).fieldErrors).toEqual({ mediaId: ['Media ID must be a valid UUID'] });
      expect((await getArtwork(artwork.artworkId)).primaryImageMediaId).toBeNull();
    });

    it('GET .../media/primary?size= answers its bytes; 404 without a primary', async () => {
      const artwork = await createArtwork(t, ada);
      const none = await t.request(`/api/artwork/${artwork.artworkId}/media/primary?size=preview`, { token: ada });
      expect(none.status).toBe(404);
      await addMedia(t, ada, artwork.artworkId, await makeJpeg(800, 600), 'image/jpeg');
      const res = await t.request(`/api/artwork/${artwork.artworkId}/media/primary?size=preview`, { token: ada });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
      expect(res.headers.get('cache-control')).toBe('private, no-cache');
      const meta = await sharp(await readBody(res)).metadata();
      expect([meta.width, meta.height]).toEqual([400, 300]);
      const bad = await t.request(`/api/artwork/${artwork.artworkId}/media/primary?size=huge`, { token: ada });
      expect(bad.status).toBe(400);
      expect((await bad.json()).fieldErrors).toEqual({ size: ['Size must be one of smCrop, sm, preview, medium, large or original'] });
    });
  });

  describe('deleting', () => {
    it('a media item removes its files and clears the primary it was', async () => {
      const artwork = await createArtwork(t, ada);
      const image = await addMedia(t, ada, artwork.artworkId, await makeJpeg(64, 48), 'image/jpeg');
      const audio = await addMedia(t, ada, artwork.artworkId, fakeMp3(), 'audio/mpeg', 'song.mp3');
      expect(audio.kind).toBe('audio');
      // The original and its five variants, the medium one included.
      expect((await storedFiles(t)).filter((f) => f.includes(image.mediaId))).toHaveLength(6);

      const res = await t.request(`/api/artwork/${artwork.artworkId}/media/${image.mediaId}`, { method: 'DELETE', token: ada });
      expect(res.status).toBe(204);
      expect((await storedFiles(t)).filter((f) => f.includes(image.mediaId))).toEqual([]);
      expect((await getArtwork(artwork.artworkId)).primaryImageMediaId).toBeNull();
      expect((await listMedia(artwork.artworkId)).map((m) => m.mediaId)).toEqual([audio.mediaId]);
      expect((await t.request(pathOf(image.urls.original))).status).toBe(404);
      const again = await t.request(`/api/artwork/${artwork.artworkId}/media/${image.mediaId}`, { method: 'DELETE', token: ada });
      expect(again.status).toBe(404);
      const bad = await t.request(`/api/artwork/${artwork.artworkId}/media/nope`, { method: 'DELETE', token: ada });
      expect((await bad.json()).fieldErrors).toEqual({ mediaId: ['Media ID must be a valid UUID'] });
    });

    it('an artwork removes every file of its media', async () => {
      const artwork = await createArtwork(t, ada);
      await addMedia(t, ada, artwork.artworkId, await makeJpeg(64, 48), 'image/jpeg');
      await addMedia(t, ada, artwork.artworkId, fakeMp4(5_000), 'video/mp4');
      expect((await storedFiles(t)).filter((f) => f.includes(artwork.artworkId))).toHaveLength(7);
      expect((await t.request(`/api/artwork/${artwork.artworkId}`, { method: 'DELETE', token: ada })).status).toBe(204);
      expect((await storedFiles(t)).filter((f) => f.includes(artwork.artworkId))).toEqual([]);
      expect(await t.deps.db.select().from(artworkMedia).where(eq(artworkMedia.artworkId, artwork.artworkId))).toEqual([]);
    });
  });

  describe("another user's media", () => {
    let artwork: Artwork;
    let item: MediaItem;
    beforeAll(async () => {
      artwork = await createArtwork(t, ada);
      item = await addMedia(t, ada, artwork.artworkId, await makeJpeg(64, 48), 'image/jpeg');
    });

    it('answers 404 to every call with the other user’s token', async () => {
      const calls: Array<[string, string, unknown?]> = [
        ['POST', `/api/artwork/${artwork.artworkId}/media`, { fileName: 'x.jpg', fileType: 'image/jpeg', fileSizeInBytes: 10 }],
        ['GET', `/api/artwork/${artwork.artworkId}/media`],
        ['POST', `/api/artwork/${artwork.artworkId}/media/primary`, { mediaId: item.mediaId }],
        ['DELETE', `/api/artwork/${artwork.artworkId}/media/${item.mediaId}`],
        ['GET', `/api/artwork/${artwork.artworkId}/media/primary?size=smCrop`],
        ['GET', `/api/media/${item.mediaId}`],
        ['GET', `/api/media/${item.mediaId}?size=large`],
      ];
      for (const [method, path, json] of calls) {
        const res = await t.request(path, { method, json, token: bob });
        expect(res.status, `${method} ${path}`).toBe(404);
      }
      expect((await listMedia(artwork.artworkId)).map((m) => m.mediaId)).toEqual([item.mediaId]);
    });

    it('his own artwork cannot take her media as primary, nor delete it', async () => {
      const his = await createArtwork(t, bob);
      const set = await t.request(`/api/artwork/${his.artworkId}/media/primary`, {
        method: 'POST',
        token: bob,
        json: { mediaId: item.mediaId },
      });
      expect(set.status).toBe(404);
      const del = await t.request(`/api/artwork/${his.artworkId}/media/${item.mediaId}`, { method: 'DELETE', token: bob });
      expect(del.status).toBe(404);
      expect((await listMedia(artwork.artworkId)).map((m) => m.mediaId)).toEqual([item.mediaId]);
    });

    it('nor confirm her upload', async () => {
      const ticket = await (await requestTicket(t, ada, artwork.artworkId, { name: 'y.mp3', type: 'audio/mpeg', size: 4096 })).json();
      await t.request(pathOf(ticket.uploadUrl), { method: 'PUT', headers: ticket.headers, body: new Uint8Array(fakeMp3()) });
      expect((await t.request(`/api/uploads/${ticket.uploadId}/complete`, { method: 'POST', token: bob })).status).toBe(404);
    });

    it('needs a token or a signed link (401 without either)', async () => {
      expect((await t.request(`/api/media/${item.mediaId}`)).status).toBe(401);
      expect((await t.request(`/api/artwork/${artwork.artworkId}/media`)).status).toBe(401);
    });
  });
});
