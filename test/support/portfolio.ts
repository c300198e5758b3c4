import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { Artwork, ArtworkInput } from '../../src/schemas/artwork.schema';
import type { MediaType } from '../../src/schemas/media-type.schema';
import type { MediaItem } from '../../src/schemas/media.schema';
import type { UploadTicket } from '../../src/schemas/upload.schema';
import { eq } from 'drizzle-orm';
import { publications } from '../../server/db/schema';
import { LocalBlobStore } from '../../server/storage';
import type { TestApp } from './test-app';

/**
 * A valid input of each media type, with the dimensions the type requires, chosen to be shown on the public site (a
 * work with no picture is otherwise kept off it; pass `showOnSite: undefined` for no choice).
 */
export function artworkInput(mediaType: MediaType = 'PHYSICAL_2D', overrides: Partial<ArtworkInput> = {}): ArtworkInput {
  const dimensions: Record<MediaType, ArtworkInput['dimensions']> = {
    PHYSICAL_2D: { mediaType, measurementSystem: 'metric', height: 50, width: 70 },
    PHYSICAL_3D: { mediaType, measurementSystem: 'imperial', height: 12, width: 8, depth: 4.5 },
    DIGITAL_2D: { mediaType, height: 1080, width: 1920 },
    DIGITAL_3D: { mediaType, height: 100, width: 100, depth: 100 },
    VIDEO: { mediaType, height: 720, width: 1280, durationInSeconds: 125 },
    AUDIO: { mediaType, durationInSeconds: 205 },
  };
  return {
    title: 'Blue Harbour',
    year: 2021,
    medium: 'Oil on canvas',
    description: 'Morning light over the harbour.',
    tags: ['sea', 'blue'],
    saleStatus: 'AVAILABLE',
    mediaType,
    dimensions: dimensions[mediaType],
    showOnSite: true,
    ...overrides,
  };
}

export async function createArtwork(t: TestApp, token: string, input: ArtworkInput = artworkInput()): Promise<Artwork> {
  const res = await t.request('/api/artwork', { method: 'POST', json: input, token });
  if (res.status !== 201) throw new Error(`create artwork: ${res.status} ${await res.text()}`);
  return (await res.json()) as Artwork;
}

/** The path (with query) of an absolute or relative URL, for t.request. */
export const pathOf = (url: string) => {
  const u = new URL(url, 'http://localhost');
  return u.pathname + u.search;
};

export async function requestTicket(t: TestApp, token: string, artworkId: string, file: { name: string; type: string; size: number }) {
  return t.request(`/api/artwork/${artworkId}/media`, {
    method: 'POST',
    token,
    json: { fileName: file.name, fileType: file.type, fileSizeInBytes: file.size },
  });
}

/** The whole upload dance: ticket, PUT to the signed URL, confirm. Answers each step's response. */
export async function uploadMedia(t: TestApp, token: string, artworkId: string, bytes: Buffer, type: string, name = 'file') {
  const ticketRes = await requestTicket(t, token, artworkId, { name, type, size: bytes.length });
  if (ticketRes.status !== 200) throw new Error(`ticket: ${ticketRes.status} ${await ticketRes.text()}`);
  const ticket = (await ticketRes.json()) as UploadTicket;
  const put = await t.request(pathOf(ticket.uploadUrl), { method: 'PUT', headers: ticket.headers, body: new Uint8Array(bytes) });
  const complete = put.ok ? await t.request(`/api/uploads/${ticket.uploadId}/complete`, { method: 'POST', token }) : null;
  return { ticket, put, complete };
}

/** Uploads a file that must succeed; answers its media item. */
export async function addMedia(
  t: TestApp,
  token: string,
  artworkId: string,
  bytes: Buffer,
  type: string,
  name = 'file',
): Promise<MediaItem> {
  const { put, complete } = await uploadMedia(t, token, artworkId, bytes, type, name);
  if (!complete || complete.status !== 200)
    throw new Error(`upload: PUT ${put.status} ${await put.clone().text()} / ${complete?.status} ${await complete?.text()}`);
  return (await complete.json()) as MediaItem;
}

/** A photo-like JPEG: a gradient with noise, so it compresses like a real one. */
export async function makeJpeg(width: number, height: number, options: { quality?: number; orientation?: number; gps?: boolean } = {}) {
  const pixels = Buffer.alloc(width * height * 3);
  const noise = crypto.randomBytes(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const n = noise[y * width + x] / 8 - 16;
      pixels[i] = Math.max(0, Math.min(255, (x / width) * 255 + n));
      pixels[i + 1] = Math.max(0, Math.min(255, (y / height) * 255 + n));
      pixels[i + 2] = Math.max(0, Math.min(255, 128 + 100 * Math.sin(x / 50) * Math.cos(y / 40) + n));
    }
  }
  let image = sharp(pixels, { raw: { width, height, channels: 3 } });
  if (options.orientation || options.gps) {
    image = image.withExif({
      IFD0: { Make: 'TestCam', Model: 'Secret Model 9000', Copyright: 'private' },
      ...(options.gps
        ? { IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' } }
        : {}),
    });
    if (options.orientation) image = image.withMetadata({ orientation: options.orientation });
  }
  return image.jpeg({ quality: options.quality ?? 90 }).toBuffer();
}

/** An MP4 (by its magic numbers) of `size` bytes whose every byte is known: byte i is i % 251 after the header. */
export function fakeMp4(size: number) {
  const header = Buffer.concat([
    Buffer.from([0, 0, 0, 32]),
    Buffer.from('ftypisom'),
    Buffer.from([0, 0, 2, 0]),
    Buffer.from('isomiso2avc1mp41'),
  ]);
  const body = Buffer.alloc(size - header.length);
  for (let i = 0; i < body.length; i++) body[i] = i % 251;
  return Buffer.concat([header, body]);
}

/** An MP3 (ID3 tag then a frame header), padded to `size`. */
export function fakeMp3(size = 4096) {
  const head = Buffer.concat([
    Buffer.from('ID3'),
    Buffer.from([3, 0, 0, 0, 0, 0, 10]),
    Buffer.alloc(10),
    Buffer.from([0xff, 0xfb, 0x90, 0x64]),
  ]);
  return Buffer.concat([head, Buffer.alloc(size - head.length)]);
}

/** Every file under the local store's directory (relative paths), except its partial-upload folder. */
/** The storage folder of the images of the portfolio at a slug (published/<folder>/<version>/). */
export async function publishedFolder(t: TestApp, slug: string): Promise<string> {
  const [row] = await t.deps.db.select({ folder: publications.folder }).from(publications).where(eq(publications.slug, slug));
  if (!row?.folder) throw new Error(`no folder for ${slug}`);
  return row.folder;
}

export async function storedFiles(t: TestApp): Promise<string[]> {
  const store = t.deps.storage;
  if (!(store instanceof LocalBlobStore)) throw new Error('storedFiles needs the local store');
  const entries = await fs.readdir(store.dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile() && !e.name.endsWith('.meta.json'))
    .map((e) => path.relative(store.dir, path.join(e.parentPath, e.name)))
    .filter((p) => !p.startsWith('.incoming'))
    .sort();
}

/** Every file under dir, relative, the incoming folder and sidecars included: what a fault must not leave behind. */
export async function everyFile(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
}

export const readBody = async (res: Response) => Buffer.from(await res.arrayBuffer());

/** Whether an EXIF block points at a GPS directory (tag 0x8825, either byte order). */
export const hasGpsPointer = (exif: Buffer | undefined) =>
  !!exif && (exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88])));
