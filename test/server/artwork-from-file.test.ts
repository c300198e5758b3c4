import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artworkSchema } from '../../src/schemas/artwork.schema';
import { createdFromFileSchema } from '../../src/schemas/artwork-file.schema';
import { journalPageSchema } from '../../src/schemas/journal.schema';
import type { UploadTicket } from '../../src/schemas/upload.schema';
import { addMedia, artworkInput, createArtwork, makeJpeg, pathOf, storedFiles } from '../support/portfolio';
import { createTestApp, signedInUser, type TestApp } from '../support/test-app';
import { dbLabel } from '../support/test-db';
import { makeMp4 } from '../support/video';

/** A PCM WAV of `seconds` of silence (8 kHz mono, 8-bit): its header says its length. */
function makeWav(seconds: number) {
  const rate = 8000;
  const data = Buffer.alloc(rate * seconds, 128);
  const head = Buffer.alloc(44);
  head.write('RIFF', 0, 'latin1');
  head.writeUInt32LE(36 + data.length, 4);
  head.write('WAVEfmt ', 8, 'latin1');
  head.writeUInt32LE(16, 16);
  head.writeUInt16LE(1, 20);
  head.writeUInt16LE(1, 22);
  head.writeUInt32LE(rate, 24);
  head.writeUInt32LE(rate, 28);
  head.writeUInt16LE(1, 32);
  head.writeUInt16LE(8, 34);
  head.write('data', 36, 'latin1');
  head.writeUInt32LE(data.length, 40);
  return Buffer.concat([head, data]);
}

describe(`artworks started from a file, and sizes read from files (${dbLabel()})`, () => {
  let t: TestApp;
  let ada: string;
  beforeAll(async () => {
    t = await createTestApp();
    ada = (await signedInUser(t)).idToken;
  });
  afterAll(() => t.close());

  const ticket = (json: unknown, token = ada) => t.request('/api/artwork/from-file', { method: 'POST', json, token });
  /** Ticket, PUT, confirm: answers the confirm's response. */
  async function startFrom(bytes: Buffer, fileName: string, fileType: string, mediaType: string) {
    const res = await ticket({ fileName, fileType, fileSizeInBytes: bytes.length, mediaType });
    expect(res.status, await res.clone().text()).toBe(200);
    const { uploadUrl, uploadId, headers } = (await res.json()) as UploadTicket;
    const put = await t.request(pathOf(uploadUrl), { method: 'PUT', headers, body: new Uint8Array(bytes) });
    expect(put.status).toBe(200);
    return t.request(`/api/uploads/${uploadId}/complete`, { method: 'POST', token: ada });
  }
  const created = async (res: Response) => {
    expect(res.status, await res.clone().text()).toBe(200);
    return createdFromFileSchema.parse(await res.json());
  };
  const journalOf = async (artworkId: string) =>
    journalPageSchema
      .parse(await (await t.request('/api/journal?limit=100', { token: ada })).json())
      .items.filter((e) => e.metadata.artworkId === artworkId);

  it('a picture makes a digital work titled from its name, its pixel size read from it, the picture its primary', async () => {
    const { artwork, media } = await created(
      await startFrom(await makeJpeg(1200, 900), 'harbour_at-dusk.v2.jpg', 'image/jpeg', 'DIGITAL_2D'),
    );
    expect(artwork).toMatchObject({
      title: 'harbour at dusk v2',
      mediaType: 'DIGITAL_2D',
      saleStatus: 'NOT_FOR_SALE',
      dimensions: { mediaType: 'DIGITAL_2D', width: 1200, height: 900 },
      primaryImageMediaId: media.mediaId,
      showOnSite: true,
      showOnSiteWhy: 'hasPicture',
    });
    expect(media).toMatchObject({ fileName: 'harbour_at-dusk.v2.jpg', isPrimary: true, width: 1200, height: 900 });
    // One entry: the artwork is new, with its size from the start.
    expect((await journalOf(artwork.artworkId)).map((e) => [e.message, e.mediaId])).toEqual([
      ["Artwork 'harbour at dusk v2' was created", media.mediaId],
    ]);
  });

  it("a painting's photo makes a physical work whose sizes wait for the artist", async () => {
    const { artwork } = await created(await startFrom(await makeJpeg(300, 400), 'Night Garden.png.jpeg', 'image/jpeg', 'PHYSICAL_2D'));
    expect(artwork.title).toBe('Night Garden png');
    expect(artwork.dimensions).toEqual({ mediaType: 'PHYSICAL_2D', measurementSystem: 'imperial' });
    // Read back and listed like any other.
    expect(artworkSchema.parse(await (await t.request(`/api/artwork/${artwork.artworkId}`, { token: ada })).json()).title).toBe(
      'Night Garden png',
    );
  });

  it('a video makes a video work with its size and length; a sound an audio work with its length', async () => {
    const video = await created(
      await startFrom(makeMp4({ width: 1280, height: 720, seconds: 125.4 }), 'tide-loop.mp4', 'video/mp4', 'VIDEO'),
    );
    expect(video.artwork).toMatchObject({
      title: 'tide loop',
      dimensions: { mediaType: 'VIDEO', width: 1280, height: 720, durationInSeconds: 125 },
      primaryImageMediaId: null,
      showOnSite: false,
      showOnSiteWhy: 'noPicture',
    });
    expect(video.media).toMatchObject({ kind: 'video', width: 1280, height: 720, durationMs: 125400 });
    const sound = await created(await startFrom(makeWav(3), 'gull_song.wav', 'audio/wav', 'AUDIO'));
    expect(sound.artwork.dimensions).toEqual({ mediaType: 'AUDIO', durationInSeconds: 3 });
  });

  it.each([
    ['a video', 'video/mp4', 'PHYSICAL_2D', 'A video makes a Video artwork'],
    ['a picture', 'image/png', 'AUDIO', 'A picture makes a Physical 2D, Digital 2D, Physical 3D or Digital 3D artwork'],
    ['a sound', 'audio/mpeg', 'VIDEO', 'A sound file makes an Audio artwork'],
  ])('%s given the wrong kind of work: 400, nothing asked for', async (_kind, fileType, mediaType, message) => {
    const res = await ticket({ fileName: 'x', fileType, fileSizeInBytes: 100, mediaType });
    expect(res.status).toBe(400);
    expect((await res.json()).fieldErrors).toEqual({ mediaType: [message] });
  });

  it('refuses an unknown media type, a file type not taken, a file over 20 MB, and no sign-in', async () => {
    const bad = await ticket({ fileName: 'a.jpg', fileType: 'image/jpeg', fileSizeInBytes: 100, mediaType: 'PAINTING' });
    expect(Object.keys((await bad.json()).fieldErrors)).toEqual(['mediaType']);
    const pdf = await ticket({ fileName: 'a.pdf', fileType: 'application/pdf', fileSizeInBytes: 100, mediaType: 'DIGITAL_2D' });
    expect((await pdf.json()).fieldErrors.fileType).toEqual(['File type PDF is not allowed']);
    const big = await ticket({ fileName: 'a.jpg', fileType: 'image/jpeg', fileSizeInBytes: 21 * 1024 * 1024, mediaType: 'DIGITAL_2D' });
    expect((await big.json()).fieldErrors.fileSizeInBytes).toEqual(['File a.jpg exceeds the maximum size of 20MB']);
    expect((await t.request('/api/artwork/from-file', { method: 'POST', json: {} })).status).toBe(401);
  });

  it('a file that is not what it says makes nothing, and leaves no file behind', async () => {
    const before = await (await t.request('/api/artwork?pageSize=100', { token: ada })).json();
    const files = await storedFiles(t);
    // A PNG's header, then nothing a decoder can read.
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const broken = Buffer.concat([png.subarray(0, 40), Buffer.alloc(200, 7)]);
    const res = await startFrom(broken, 'broken.png', 'image/png', 'DIGITAL_2D');
    expect([res.status, (await res.json()).message]).toEqual([415, 'broken.png could not be read as an image.']);
    expect((await (await t.request('/api/artwork?pageSize=100', { token: ada })).json()).total).toBe(before.total);
    expect(await storedFiles(t)).toEqual(files);
  });

  it("a digital work's pixel size follows its primary image, whatever is typed", async () => {
    const work = await createArtwork(t, ada, artworkInput('DIGITAL_2D', { title: 'Typed' }));
    expect(work.dimensions).toEqual({ mediaType: 'DIGITAL_2D', height: 1080, width: 1920 });
    const first = await addMedia(t, ada, work.artworkId, await makeJpeg(640, 480), 'image/jpeg', 'first.jpg');
    const read = async () => artworkSchema.parse(await (await t.request(`/api/artwork/${work.artworkId}`, { token: ada })).json());
    expect((await read()).dimensions).toEqual({ mediaType: 'DIGITAL_2D', width: 640, height: 480 });
    expect((await journalOf(work.artworkId)).map((e) => e.metadata.changedFields)[0]).toEqual(['dimensions']);
    // A second image changes nothing until it is made primary.
    const second = await addMedia(t, ada, work.artworkId, await makeJpeg(300, 500), 'image/jpeg', 'second.jpg');
    expect((await read()).dimensions).toMatchObject({ width: 640, height: 480 });
    await t.request(`/api/artwork/${work.artworkId}/media/primary`, { method: 'POST', token: ada, json: { mediaId: second.mediaId } });
    expect((await read()).dimensions).toMatchObject({ width: 300, height: 500 });
    // Typing other sizes does not stick: the file's stand.
    const put = await t.request(`/api/artwork/${work.artworkId}`, {
      method: 'PUT',
      token: ada,
      json: artworkInput('DIGITAL_2D', { title: 'Typed', dimensions: { mediaType: 'DIGITAL_2D', width: 9, height: 9 } }),
    });
    expect((await put.json()).dimensions).toEqual({ mediaType: 'DIGITAL_2D', width: 300, height: 500 });
    expect(first.mediaId).not.toBe(second.mediaId);
  });

  it("a video work's size and length come from its first video", async () => {
    const work = await createArtwork(t, ada, artworkInput('VIDEO', { dimensions: { mediaType: 'VIDEO' } }));
    expect(work.dimensions).toEqual({ mediaType: 'VIDEO' });
    await addMedia(t, ada, work.artworkId, makeMp4({ width: 640, height: 360, seconds: 9.6 }), 'video/mp4', 'clip.mp4');
    await addMedia(t, ada, work.artworkId, makeMp4({ width: 1920, height: 1080, seconds: 60 }), 'video/mp4', 'later.mp4');
    const read = artworkSchema.parse(await (await t.request(`/api/artwork/${work.artworkId}`, { token: ada })).json());
    expect(read.dimensions).toEqual({ mediaType: 'VIDEO', width: 640, height: 360, durationInSeconds: 10 });
  });
});
