import zlib from 'node:zlib';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaListSchema } from '../../src/schemas/media.schema';
import { MAX_FILE_BYTES } from '../../src/schemas/upload.schema';
import { artworkMedia, uploads } from '../../server/db/schema';
import { createArtwork, fakeMp4, makeJpeg, pathOf, requestTicket, storedFiles, uploadMedia } from '../support/portfolio';
import { createTestApp, signedInUser, type TestApp } from '../support/test-app';
import { dbLabel } from '../support/test-db';

/** Uploads over 20 MB, of a type not allowed, or whose bytes do not match their type: refused, nothing left behind. */
describe(`refused artwork uploads (${dbLabel()})`, () => {
  let t: TestApp;
  let ada: string;
  beforeAll(async () => {
    t = await createTestApp();
    ada = (await signedInUser(t)).idToken;
  });
  afterAll(() => t.close());

  const listMedia = async (id: string) =>
    mediaListSchema.parse(await (await t.request(`/api/artwork/${id}/media`, { token: ada })).json()).items;
  const mediaCount = async () => (await t.deps.db.select().from(artworkMedia)).length;

  describe('leave nothing behind in storage or the database', () => {
    let artworkId: string;
    let filesBefore: string[];
    let mediaBefore: number;
    beforeAll(async () => {
      artworkId = (await createArtwork(t, ada)).artworkId;
    });
    const snapshot = async () => {
      filesBefore = await storedFiles(t);
      mediaBefore = await mediaCount();
    };
    const expectNothingNew = async () => {
      expect(await storedFiles(t)).toEqual(filesBefore);
      expect(await mediaCount()).toBe(mediaBefore);
      expect((await listMedia(artworkId)).length).toBe(0);
    };

    it('a declared size over 20 MB gets no ticket', async () => {
      await snapshot();
      const res = await requestTicket(t, ada, artworkId, { name: 'huge.jpg', type: 'image/jpeg', size: MAX_FILE_BYTES + 1 });
      expect(res.status).toBe(400);
      expect((await res.json()).fieldErrors).toEqual({ fileSizeInBytes: ['File huge.jpg exceeds the maximum size of 20MB'] });
      await expectNothingNew();
    });

    it('exactly 20 MB is allowed a ticket', async () => {
      expect((await requestTicket(t, ada, artworkId, { name: 'max.mp4', type: 'video/mp4', size: MAX_FILE_BYTES })).status).toBe(200);
    });

    it.each([
      ['image/svg+xml', 'SVG'],
      ['application/pdf', 'PDF'],
      ['text/html', 'HTML'],
      ['video/x-msvideo', 'AVI'],
    ])('type %s is not allowed, named as the artist knows it (%s)', async (type, label) => {
      const res = await requestTicket(t, ada, artworkId, { name: 'f', type, size: 100 });
      expect(res.status).toBe(400);
      expect((await res.json()).fieldErrors).toEqual({ fileType: [`File type ${label} is not allowed`] });
    });

    it('more bytes than 20 MB sent to the upload URL are refused (413) and removed', async () => {
      await snapshot();
      const big = fakeMp4(MAX_FILE_BYTES + 1);
      const ticket = await (await requestTicket(t, ada, artworkId, { name: 'big.mp4', type: 'video/mp4', size: MAX_FILE_BYTES })).json();
      const put = await t.request(pathOf(ticket.uploadUrl), { method: 'PUT', headers: ticket.headers, body: new Uint8Array(big) });
      expect(put.status).toBe(413);
      const complete = await t.request(`/api/uploads/${ticket.uploadId}/complete`, { method: 'POST', token: ada });
      expect(complete.status).toBe(409);
      await expectNothingNew();
    });

    it('bytes that do not match the declared type are refused at the PUT', async () => {
      await snapshot();
      const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } })
        .png()
        .toBuffer();
      const { put } = await uploadMedia(t, ada, artworkId, png, 'image/jpeg', 'fake.jpg');
      expect(put.status).toBe(415);
      await expectNothingNew();
    });

    it('and at the confirm step, for stores that do not check the PUT (the upload is deleted)', async () => {
      await snapshot();
      const ticket = await (await requestTicket(t, ada, artworkId, { name: 'clip.mp4', type: 'video/mp4', size: 5000 })).json();
      const [upload] = await t.deps.db.select().from(uploads).where(eq(uploads.id, ticket.uploadId));
      await t.deps.storage.put(upload.storageKey, Buffer.from('<html>not a video</html>'.repeat(200)), 'video/mp4');
      const res = await t.request(`/api/uploads/${ticket.uploadId}/complete`, { method: 'POST', token: ada });
      expect(res.status).toBe(415);
      expect((await res.json()).message).toBe('The content of clip.mp4 does not match its type MP4.');
      expect(await t.deps.db.select().from(uploads).where(eq(uploads.id, ticket.uploadId))).toEqual([]);
      await expectNothingNew();
    });

    it('an image whose bytes cannot be decoded (415), and every variant already made is removed', async () => {
      await snapshot();
      const good = await makeJpeg(200, 200);
      const broken = Buffer.concat([good.subarray(0, 200), Buffer.alloc(good.length - 200, 0x55)]);
      const { put, complete, ticket } = await uploadMedia(t, ada, artworkId, broken, 'image/jpeg', 'broken.jpg');
      expect(put.status).toBe(200);
      expect(complete!.status).toBe(415);
      expect((await complete!.json()).message).toBe('broken.jpg could not be read as an image.');
      expect(await t.deps.db.select().from(uploads).where(eq(uploads.id, ticket.uploadId))).toEqual([]);
      await expectNothingNew();
    });

    it('a decompression bomb (a 112-byte PNG claiming 50,000 x 50,000 pixels) is refused unread (415)', async () => {
      await snapshot();
      const chunk = (type: string, data: Buffer) => {
        const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
        const length = Buffer.alloc(4);
        length.writeUInt32BE(data.length);
        const crc = Buffer.alloc(4);
        crc.writeUInt32BE(zlib.crc32(body));
        return Buffer.concat([length, body, crc]);
      };
      const header = Buffer.alloc(13);
      header.writeUInt32BE(50_000, 0);
      header.writeUInt32BE(50_000, 4);
      header.set([1, 0, 0, 0, 0], 8); // 1-bit greyscale: 2.5 billion pixels would unpack from a few bytes
      const bomb = Buffer.concat([
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
        chunk('IHDR', header),
        chunk('IDAT', zlib.deflateSync(Buffer.alloc(1024))),
        chunk('IEND', Buffer.alloc(0)),
      ]);
      const { complete, ticket } = await uploadMedia(t, ada, artworkId, bomb, 'image/png', 'bomb.png');
      expect(complete!.status).toBe(415);
      expect((await complete!.json()).message).toBe('bomb.png could not be read as an image.');
      expect(await t.deps.db.select().from(uploads).where(eq(uploads.id, ticket.uploadId))).toEqual([]);
      await expectNothingNew();
    });

    it('a file confirmed after its artwork was deleted (404)', async () => {
      const doomed = await createArtwork(t, ada);
      await snapshot();
      const jpeg = await makeJpeg(100, 100);
      const ticket = await (
        await requestTicket(t, ada, doomed.artworkId, { name: 'late.jpg', type: 'image/jpeg', size: jpeg.length })
      ).json();
      expect(
        (await t.request(pathOf(ticket.uploadUrl), { method: 'PUT', headers: ticket.headers, body: new Uint8Array(jpeg) })).status,
      ).toBe(200);
      await t.request(`/api/artwork/${doomed.artworkId}`, { method: 'DELETE', token: ada });
      const complete = await t.request(`/api/uploads/${ticket.uploadId}/complete`, { method: 'POST', token: ada });
      expect(complete.status).toBe(404);
      expect(await storedFiles(t)).toEqual(filesBefore);
      expect(await mediaCount()).toBe(mediaBefore);
    });
  });
});
