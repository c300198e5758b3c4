import sharp from 'sharp';
import type { ImageSize } from '../../src/schemas/media.schema';

interface VariantSpec {
  width: number;
  height: number;
  fit: 'cover' | 'inside';
}

/**
 * The stored sizes of an image, all WebP: the list's square crop (on the most interesting part), a small one, the
 * form's 400 x 400 preview, a medium one (the public site's picture on a phone: about 350 px at 1.75x wants ~610 px,
 * which 600 misses and 1600 overshoots fourfold in bytes) and a large web size. Only the crop is ever enlarged.
 */
export const VARIANTS: Record<ImageSize, VariantSpec> = {
  smCrop: { width: 400, height: 400, fit: 'cover' },
  sm: { width: 600, height: 600, fit: 'inside' },
  preview: { width: 400, height: 400, fit: 'inside' },
  medium: { width: 960, height: 960, fit: 'inside' },
  large: { width: 1600, height: 1600, fit: 'inside' },
};
export const WEBP_OPTIONS = { quality: 80 } as const;
/** Decoding is bounded: 100 megapixels, far above any 20 MB photo. */
export const INPUT_OPTIONS = { failOn: 'error', limitInputPixels: 100_000_000 } as const;

const LARGEST = Math.max(...Object.values(VARIANTS).map((v) => Math.max(v.width, v.height)));

export interface ImageVariant {
  size: ImageSize;
  data: Buffer;
  width: number;
  height: number;
}

export interface ImageVariants {
  /** Of the original as it is meant to be seen (EXIF orientation applied). */
  width: number;
  height: number;
  variants: ImageVariant[];
}

/**
 * Makes every variant from one decode: the image is oriented, converted to sRGB and scaled once to the largest
 * variant's size (JPEGs shrink while decoding), and each variant is cut from those pixels. Output carries no
 * metadata at all (no EXIF, GPS, XMP, IPTC or ICC): sharp writes none unless asked. Throws when the bytes are not an
 * image sharp can read.
 */
export async function makeImageVariants(source: Buffer): Promise<ImageVariants> {
  const input = sharp(source, INPUT_OPTIONS);
  const [meta, base] = await Promise.all([
    input.metadata(),
    input
      .clone()
      .autoOrient()
      .resize(LARGEST, LARGEST, { fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb')
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true }),
  ]);
  const raw = { raw: { width: base.info.width, height: base.info.height, channels: base.info.channels } };
  const variants = await Promise.all(
    (Object.entries(VARIANTS) as Array<[ImageSize, VariantSpec]>).map(async ([size, spec]) => {
      const { data, info } = await sharp(base.data, raw)
        .resize(
          spec.width,
          spec.height,
          spec.fit === 'cover' ? { fit: 'cover', position: 'attention' } : { fit: 'inside', withoutEnlargement: true },
        )
        .webp(WEBP_OPTIONS)
        .toBuffer({ resolveWithObject: true });
      return { size, data, width: info.width, height: info.height };
    }),
  );
  return { width: meta.autoOrient.width, height: meta.autoOrient.height, variants };
}
