import sharp from 'sharp';
import { NETWORK_RULES } from '../../src/schemas/network-rules';

/** What a network accepts of an image (Instagram: JPEG, 8 MiB, 320-1440 px wide, 4:5 to 1.91:1). */
export interface ImageRules {
  /** Narrowest width / height (4/5). */
  minRatio: number;
  /** Widest width / height (1.91). */
  maxRatio: number;
  minWidth: number;
  maxWidth: number;
  maxBytes: number;
  format: 'jpeg';
}

/** The ratios are the editor's too (network-rules), so the preview and what Meta receives agree. */
export const INSTAGRAM_IMAGE_RULES: ImageRules = {
  minRatio: NETWORK_RULES.instagram.imageRatio!.min,
  maxRatio: NETWORK_RULES.instagram.imageRatio!.max,
  minWidth: 320,
  maxWidth: 1440,
  maxBytes: 8 * 1024 * 1024,
  format: 'jpeg',
};

/** The mat around a work that does not fit the ratio: white, black, or the colour of the work's edge beside it. */
export type MatColour = 'white' | 'black' | 'edge';

export interface Rgb {
  r: number;
  g: number;
  b: number;
}

export interface FittedImage {
  data: Buffer;
  width: number;
  height: number;
  /** Where the work sits inside, whole and unmatted. */
  work: { left: number; top: number; width: number; height: number };
  /** The mat's colour (also what a transparent work is laid on). */
  mat: Rgb;
  quality: number;
}

export class ImageFitError extends Error {}

const QUALITIES = [90, 85, 80, 75, 70, 60, 50, 40];

/**
 * Fits a work to a network's rules without cutting anything: a work outside the allowed ratios is laid inside the
 * nearest one on a mat, scaled to the allowed widths, and written as a JPEG under the byte cap (lower qualities are
 * tried in turn). The orientation in its EXIF is applied first; its metadata is not copied.
 */
export async function fitImage(input: Buffer, rules: ImageRules, matColour: MatColour): Promise<FittedImage> {
  const meta = await sharp(input).metadata();
  const w = meta.autoOrient?.width ?? meta.width;
  const h = meta.autoOrient?.height ?? meta.height;
  if (!w || !h) throw new ImageFitError('The image has no size.');
  const canvas = canvasFor(w, h, rules);
  // Scaled to fit inside the canvas, never beyond it: the whole work, its proportions kept to the pixel.
  const oriented = () => {
    const image = sharp(input, { limitInputPixels: 300_000_000 });
    return meta.orientation && meta.orientation > 1 ? image.autoOrient() : image;
  };
  const raw = await oriented()
    .resize(canvas.width, canvas.height, { fit: 'inside', kernel: 'lanczos3' })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const iw = raw.info.width;
  const ih = raw.info.height;
  const work = { left: Math.floor((canvas.width - iw) / 2), top: Math.floor((canvas.height - ih) / 2), width: iw, height: ih };
  const mat =
    matColour === 'white'
      ? { r: 255, g: 255, b: 255 }
      : matColour === 'black'
        ? { r: 0, g: 0, b: 0 }
        : edgeColour(raw.data, iw, ih, raw.info.channels, work, canvas);
  const alpha = meta.hasAlpha
    ? await oriented().resize(iw, ih, { fit: 'fill' }).flatten({ background: mat }).toColourspace('srgb').raw().toBuffer()
    : raw.data;
  const composed = sharp(alpha, { raw: { width: iw, height: ih, channels: 3 } }).extend({
    left: work.left,
    top: work.top,
    right: canvas.width - iw - work.left,
    bottom: canvas.height - ih - work.top,
    background: mat,
  });
  const pixels = await composed.raw().toBuffer();
  for (const quality of QUALITIES) {
    const data = await sharp(pixels, { raw: { width: canvas.width, height: canvas.height, channels: 3 } })
      .jpeg({ quality, chromaSubsampling: quality >= 90 ? '4:4:4' : '4:2:0' })
      .toBuffer();
    if (data.length <= rules.maxBytes) return { data, width: canvas.width, height: canvas.height, work, mat, quality };
  }
  throw new ImageFitError(`The image cannot be made smaller than ${Math.round(rules.maxBytes / 1024 / 1024)} MB.`);
}

/**
 * The output's size: the work's own ratio if allowed, else the nearest allowed one (a tall work gets mats at its sides,
 * a wide one above and below), scaled into the allowed widths, in whole pixels whose ratio stays inside the rules.
 */
export function canvasFor(w: number, h: number, rules: ImageRules) {
  const ratio = Math.min(rules.maxRatio, Math.max(rules.minRatio, w / h));
  // At the work's own scale: keep the side that stays, extend the other.
  const natural = w / h < ratio ? { width: h * ratio, height: h } : { width: w, height: w / ratio };
  const width = Math.round(Math.min(rules.maxWidth, Math.max(rules.minWidth, natural.width)));
  let height = Math.round(width / (natural.width / natural.height));
  if (width / height < rules.minRatio) height = Math.floor(width / rules.minRatio);
  if (width / height > rules.maxRatio) height = Math.ceil(width / rules.maxRatio);
  return { width, height: Math.max(1, height) };
}

/** The mean colour of the work's outermost pixels on the sides the mat touches (both sides when it touches none). */
function edgeColour(
  data: Buffer,
  width: number,
  height: number,
  channels: number,
  work: { left: number; width: number },
  canvas: { width: number; height: number },
): Rgb {
  const sides = work.left > 0 || work.width < canvas.width ? 'columns' : 'rows';
  let r = 0;
  let g = 0;
  let b = 0;
  let n = 0;
  const add = (x: number, y: number) => {
    const i = (y * width + x) * channels;
    r += data[i];
    g += data[i + 1];
    b += data[i + 2];
    n += 1;
  };
  if (sides === 'columns') for (let y = 0; y < height; y++) [0, width - 1].forEach((x) => add(x, y));
  else for (let x = 0; x < width; x++) [0, height - 1].forEach((y) => add(x, y));
  return { r: Math.round(r / n), g: Math.round(g / n), b: Math.round(b / n) };
}
