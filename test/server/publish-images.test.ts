import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishResultSchema } from '../../src/schemas/publish.schema';
import { artworkMedia, artworks } from '../../server/db/schema';
import { creditOf, exifOf, xmpOf } from '../../server/publish/copyright';
import { findPublication, snapshotFiles } from '../../server/publish/publish.service';
import { NotWebp, withWebpMetadata } from '../../server/publish/webp-metadata';
import { readIfd0, TAG } from '../support/exif';
import { artworkInput, makeJpeg, publishedFolder, storedFiles } from '../support/portfolio';
import { createTestApp, signedInUser, type TestApp } from '../support/test-app';
import { dbLabel } from '../support/test-db';

const credit = creditOf('Zoë <Ada> & "Co"', 2026);
const stamp = (webp: Buffer) => withWebpMetadata(webp, exifOf(credit), xmpOf(credit));
const pixels = (webp: Buffer) => sharp(webp).ensureAlpha().raw().toBuffer();
const chunkIds = (webp: Buffer) => {
  const ids: string[] = [];
  for (let at = 12; at < webp.length;) {
    const size = webp.readUInt32LE(at + 4);
    ids.push(webp.toString('latin1', at, at + 4));
    at += 8 + size + (size & 1);
  }
  return ids;
};

describe('crediting a WebP without re-encoding it', () => {
  it.each([
    ['lossy', { quality: 80 }, 3],
    ['lossy with alpha', { quality: 80 }, 4],
    ['lossless with alpha', { lossless: true }, 4],
  ] as const)('%s: the same picture, with exactly one EXIF and one XMP', async (_, options, channels) => {
    const source = await sharp({ create: { width: 641, height: 479, channels, background: { r: 200, g: 40, b: 90, alpha: 0.5 } } })
      .webp(options)
      .toBuffer();
    const out = stamp(source);
    expect([out.width, out.height]).toEqual([641, 479]);
    expect(chunkIds(out.data)[0]).toBe('VP8X');
    expect(chunkIds(out.data).slice(-2)).toEqual(['EXIF', 'XMP ']);
    const meta = await sharp(out.data).metadata();
    expect([meta.width, meta.height, meta.hasAlpha]).toEqual([641, 479, channels === 4]);
    expect(Object.fromEntries(readIfd0(meta.exif!).tags)).toEqual({
      [TAG.Artist]: 'Zoë <Ada> & "Co"',
      [TAG.Copyright]: '© 2026 Zoë <Ada> & "Co"',
    });
    expect(meta.xmpAsString).toContain('<rdf:li>Zoë &lt;Ada&gt; &amp; &quot;Co&quot;</rdf:li>');
    expect((await pixels(out.data)).equals(await pixels(source))).toBe(true);
  });

  it("drops the source's own metadata (a camera's EXIF, XMP), and crediting twice leaves one credit", async () => {
    const source = await sharp(await makeJpeg(320, 240, { gps: true }))
      .keepExif()
      .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"><secret/></x:xmpmeta>')
      .webp()
      .toBuffer();
    expect(source.includes('Secret Model')).toBe(true);
    const out = stamp(stamp(source).data).data;
    expect(chunkIds(out)).toEqual(['VP8X', 'VP8 ', 'EXIF', 'XMP ']);
    expect(out.includes('Secret Model')).toBe(false);
    expect(out.includes('secret')).toBe(false);
    expect(readIfd0((await sharp(out).metadata()).exif!).nextIfd).toBe(0);
  });

  it('refuses what is not a WebP', async () => {
    expect(() => stamp(Buffer.from('not an image at all'))).toThrow(NotWebp);
    expect(() => stamp(Buffer.from(makeJpegHeader()))).toThrow(NotWebp);
  });
});

const makeJpegHeader = () => [0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0];

describe(`publishing 200 artworks (${dbLabel()})`, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('writes every credited size of each image in bounded batches (the time is logged, not asserted)', async () => {
    const artist = await signedInUser(t);
    await t.request('/api/user', { method: 'POST', token: artist.idToken, json: { firstName: 'Many', lastName: 'Works' } });
    const userId = (await (await t.request('/api/user', { token: artist.idToken })).json()).userId as string;
    // Photo-like variants of real sizes, stored as the media pipeline stores them (its own files per artwork).
    const photo = await makeJpeg(2400, 1800);
    const large = await sharp(photo).resize(1600, 1600, { fit: 'inside' }).webp({ quality: 80 }).toBuffer();
    const medium = await sharp(photo).resize(960, 960, { fit: 'inside' }).webp({ quality: 80 }).toBuffer();
    const sm = await sharp(photo).resize(600, 600, { fit: 'inside' }).webp({ quality: 80 }).toBuffer();
    const preview = await sharp(photo).resize(400, 400, { fit: 'inside' }).webp({ quality: 80 }).toBuffer();
    const input = artworkInput('PHYSICAL_2D');
    const rows = Array.from({ length: 200 }, (_, i) => ({
      id: randomUUID(),
      mediaId: randomUUID(),
      title: `Work ${i + 1}`,
      createdAt: new Date(Date.UTC(2025, 0, 1, 0, i)),
    }));
    await t.deps.db.insert(artworks).values(
      rows.map((r) => ({
        id: r.id,
        userId,
        title: r.title,
        saleStatus: 'AVAILABLE',
        mediaType: input.mediaType,
        dimensions: input.dimensions,
        createdAt: r.createdAt,
      })),
    );
    const key = (r: (typeof rows)[number], size: string) => `media/${userId}/${r.id}/${r.mediaId}/${size}.webp`;
    // The 10 oldest after the first were uploaded before the medium size existed: they have none.
    const hasMedium = (i: number) => i < 1 || i > 10;
    await t.deps.db.insert(artworkMedia).values(
      rows.map((r, i) => ({
        id: r.mediaId,
        artworkId: r.id,
        userId,
        fileName: 'photo.jpg',
        contentType: 'image/jpeg',
        storageKey: key(r, 'original'),
        variants: {
          preview: key(r, 'preview'),
          sm: key(r, 'sm'),
          ...(hasMedium(i) ? { medium: key(r, 'medium') } : {}),
          large: key(r, 'large'),
        },
        width: 2400,
        height: 1800,
      })),
    );
    for (const r of rows) await t.deps.db.update(artworks).set({ primaryImageMediaId: r.mediaId }).where(eq(artworks.id, r.id));
    for (const [i, r] of rows.entries()) {
      await t.deps.storage.put(key(r, 'preview'), preview, 'image/webp');
      await t.deps.storage.put(key(r, 'sm'), sm, 'image/webp');
      if (hasMedium(i)) await t.deps.storage.put(key(r, 'medium'), medium, 'image/webp');
      await t.deps.storage.put(key(r, 'large'), large, 'image/webp');
    }

    // The oldest artwork's large size was deleted meanwhile: it is published without an image.
    await t.deps.storage.delete(key(rows[0], 'large'));

    const started = performance.now();
    const res = await t.request('/api/publish', { method: 'POST', token: artist.idToken });
    const ms = performance.now() - started;
    expect(res.status).toBe(200);
    const result = publishResultSchema.parse(await res.json());
    expect(result.artworkCount).toBe(200);
    console.log(`publishing 200 artworks (786 credited images, ${dbLabel()}, ${t.deps.storage.kind} store): ${Math.round(ms)} ms`);

    const slug = result.url.split('/').pop()!;
    const { snapshot } = (await findPublication(t.deps.db, slug))!;
    expect(snapshot.artworks[0].image!.files).toEqual([
      { file: '1-xs.webp', width: 400, height: 300 },
      { file: '1-sm.webp', width: 600, height: 450 },
      { file: '1-md.webp', width: 960, height: 720 },
      { file: '1-lg.webp', width: 1600, height: 1200 },
    ]);
    expect(snapshot.artworks[199].image).toBeNull();
    // Newest first: rows 1-10 are the snapshot's 198th back to 189th, published without the medium size.
    expect(snapshot.artworks[198].image!.files.map((f) => f.file)).toEqual(['199-xs.webp', '199-sm.webp', '199-lg.webp']);
    expect(snapshot.artworks.filter((a) => a.image?.files.length === 4).length).toBe(189);
    expect(snapshot.artworks.filter((a) => a.image?.files.length === 3).length).toBe(10);
    const folder = await publishedFolder(t, slug);
    expect((await storedFiles(t)).filter((f) => f.startsWith(`published/${folder}/`)).sort()).toEqual(
      snapshotFiles(folder, snapshot).sort(),
    );
    expect(snapshotFiles(folder, snapshot).length).toBe(786);
  });
});
