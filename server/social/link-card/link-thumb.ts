import crypto from 'node:crypto';
import sharp from 'sharp';
import type { BlobStore } from '../../storage/blob-store';
import { MAX_BLOB_BYTES } from '../providers/bluesky/post-images';

/** A card's image: at most 1000 px a side, as Bluesky shows it, and under the blob limit. */
const THUMB_SIDE = 1000;

/** Thumbs are stored by the hash of their bytes: the same image is stored once, and its address names nothing else. */
export const thumbKeyOf = (hash: string) => `link-cards/${hash}.jpg`;
export const THUMB_HASH = /^[0-9a-f]{64}$/;
export const thumbPathOf = (hash: string) => `/api/social/link-preview/thumb/${hash}`;

/** The hash a thumb address (as the preview answered it) names, or null. */
export function thumbHashOf(thumbUrl: string | null | undefined): string | null {
  const hash = /\/api\/social\/link-preview\/thumb\/([0-9a-f]{64})$/.exec(thumbUrl ?? '')?.[1];
  return hash ?? null;
}

/** Oriented, metadata dropped, flattened onto white and recompressed as JPEG until it fits the blob limit. */
export async function recompressThumb(input: Buffer): Promise<Buffer> {
  let side = THUMB_SIDE;
  let quality = 82;
  for (let attempt = 0; attempt < 10; attempt++) {
    const data = await sharp(input, { failOn: 'error', limitInputPixels: 50_000_000, animated: false })
      .rotate()
      .resize(side, side, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality, mozjpeg: true })
      .toBuffer();
    if (data.length <= MAX_BLOB_BYTES) return data;
    if (quality > 55) quality -= 10;
    else side = Math.round(side * 0.8);
  }
  throw new Error('The image could not be made small enough.');
}

/** Stores a recompressed thumb (once per content) and answers its hash. */
export async function storeThumb(storage: BlobStore, bytes: Buffer): Promise<string> {
  const hash = crypto.createHash('sha256').update(bytes).digest('hex');
  if (!(await storage.stat(thumbKeyOf(hash)))) await storage.put(thumbKeyOf(hash), bytes, 'image/jpeg');
  return hash;
}
