import sharp from 'sharp';

/** Bluesky's blob limit is 1,000,000 bytes on older servers: stay under it with a margin. */
export const MAX_BLOB_BYTES = 976_000;

export interface PreparedImage {
  bytes: Buffer;
  mimeType: 'image/jpeg';
  width: number;
  height: number;
}

/**
 * An image ready for a post: oriented, metadata (EXIF, GPS) removed, recompressed as JPEG until it fits the blob
 * limit, and its size kept for the aspect ratio Bluesky needs to avoid cropping it to a square.
 */
export async function prepareImage(input: Buffer): Promise<PreparedImage> {
  let maxSide = 2000;
  let quality = 85;
  for (let attempt = 0; attempt < 12; attempt++) {
    const { data, info } = await sharp(input, { failOn: 'error', limitInputPixels: 100_000_000 })
      .rotate()
      .resize(maxSide, maxSide, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    if (data.length <= MAX_BLOB_BYTES) return { bytes: data, mimeType: 'image/jpeg', width: info.width, height: info.height };
    if (quality > 60) quality -= 10;
    else maxSide = Math.round(maxSide * 0.8);
  }
  throw new Error('The image could not be made small enough for Bluesky.');
}
