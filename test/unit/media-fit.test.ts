import crypto from 'node:crypto';
import sharp, { type Sharp } from 'sharp';
import { describe, expect, it } from 'vitest';
import { canvasFor, fitImage, INSTAGRAM_IMAGE_RULES, type FittedImage } from '../../server/social/media-fit';

const RED = { r: 220, g: 30, b: 30 };
const BLUE = { r: 30, g: 60, b: 220 };
const GREEN = { r: 40, g: 180, b: 60 };
const YELLOW = { r: 240, g: 210, b: 40 };
const TEAL = { r: 20, g: 140, b: 140 };
const hex = (c: { r: number; g: number; b: number }) => `rgb(${c.r},${c.g},${c.b})`;

/** A work whose four edges each have their own colour (a band 8% deep), on a grey middle with a diagonal. */
function work(width: number, height: number, sides = { left: RED, right: BLUE, top: GREEN, bottom: YELLOW }) {
  const band = Math.round(Math.min(width, height) * 0.08);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="#888"/><line x1="0" y1="0" x2="${width}" y2="${height}" stroke="#333" stroke-width="${band / 2}"/>
    <rect x="0" y="0" width="${width}" height="${band}" fill="${hex(sides.top)}"/>
    <rect x="0" y="${height - band}" width="${width}" height="${band}" fill="${hex(sides.bottom)}"/>
    <rect x="0" y="0" width="${band}" height="${height}" fill="${hex(sides.left)}"/>
    <rect x="${width - band}" y="0" width="${band}" height="${height}" fill="${hex(sides.right)}"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 95 }).toBuffer();
}

async function pixelsOf(image: Buffer | Sharp) {
  const { data, info } = await (Buffer.isBuffer(image) ? sharp(image) : image).raw().toBuffer({ resolveWithObject: true });
  return (x: number, y: number) => {
    const i = (y * info.width + x) * info.channels;
    return { r: data[i], g: data[i + 1], b: data[i + 2] };
  };
}

const distance = (a: { r: number; g: number; b: number }, b: { r: number; g: number; b: number }) =>
  Math.max(Math.abs(a.r - b.r), Math.abs(a.g - b.g), Math.abs(a.b - b.b));

/**
 * Nothing was cut: the original, scaled to the work's place in the fitted image, has the same pixels along each of its
 * four edges as the fitted image has just inside the work's rectangle.
 */
async function expectUncut(original: Buffer, fitted: FittedImage) {
  const scaled = await pixelsOf(sharp(original).resize(fitted.work.width, fitted.work.height, { fit: 'fill' }));
  const out = await pixelsOf(fitted.data);
  const { left, top, width, height } = fitted.work;
  const worst = { diff: 0, at: '' };
  const check = (x: number, y: number) => {
    const d = distance(scaled(x, y), out(left + x, top + y));
    if (d > worst.diff) Object.assign(worst, { diff: d, at: `${x},${y}` });
  };
  for (let i = 0; i < 40; i++) {
    const x = Math.round(((width - 1) * i) / 39);
    const y = Math.round(((height - 1) * i) / 39);
    [0, 1].forEach((d) => {
      check(x, d);
      check(x, height - 1 - d);
      check(d, y);
      check(width - 1 - d, y);
    });
  }
  expect(worst.diff, `largest difference at ${worst.at}`).toBeLessThan(40);
  // And the colours of the four edges are there, right at the edge of the work.
  expect(distance(out(left + 1, top + Math.round(height / 2)), RED)).toBeLessThan(40);
  expect(distance(out(left + width - 2, top + Math.round(height / 2)), BLUE)).toBeLessThan(40);
  expect(distance(out(left + Math.round(width / 2), top + 1), GREEN)).toBeLessThan(40);
  expect(distance(out(left + Math.round(width / 2), top + height - 2), YELLOW)).toBeLessThan(40);
}

describe('fitting a work to a network without cutting it', () => {
  const cases: Array<[string, number, number, 'matted-sides' | 'matted-top' | 'as-is']> = [
    ['1:3 (a tall scroll)', 600, 1800, 'matted-sides'],
    ['1:2', 700, 1400, 'matted-sides'],
    ['3:4', 900, 1200, 'matted-sides'],
    ['4:5', 1200, 1500, 'as-is'],
    ['1:1', 1000, 1000, 'as-is'],
    ['1.91:1', 1910, 1000, 'as-is'],
    ['3:1 (a panorama)', 2400, 800, 'matted-top'],
  ];

  for (const [name, w, h, expected] of cases) {
    it(`${name}: inside 4:5-1.91:1, 320-1440 px wide, a JPEG under 8 MiB, the whole work there`, async () => {
      const original = await work(w, h);
      const fitted = await fitImage(original, INSTAGRAM_IMAGE_RULES, 'white');
      const meta = await sharp(fitted.data).metadata();
      expect(meta.format).toBe('jpeg');
      expect([meta.width, meta.height]).toEqual([fitted.width, fitted.height]);
      expect(fitted.width / fitted.height).toBeGreaterThanOrEqual(0.8);
      expect(fitted.width / fitted.height).toBeLessThanOrEqual(1.91);
      expect(fitted.width).toBeGreaterThanOrEqual(320);
      expect(fitted.width).toBeLessThanOrEqual(1440);
      expect(fitted.data.length).toBeLessThanOrEqual(8 * 1024 * 1024);
      // The work keeps its own proportions (to the pixel) and touches the canvas on the sides the mat does not.
      expect(Math.abs(fitted.work.width / fitted.work.height - w / h)).toBeLessThan(2 / Math.min(fitted.work.width, fitted.work.height));
      if (expected === 'as-is') expect(fitted.work).toEqual({ left: 0, top: 0, width: fitted.width, height: fitted.height });
      if (expected === 'matted-sides') {
        expect(fitted.width / fitted.height).toBeCloseTo(0.8, 2);
        expect(fitted.work.top).toBe(0);
        expect(fitted.work.left).toBeGreaterThan(10);
      }
      if (expected === 'matted-top') {
        expect(fitted.width / fitted.height).toBeCloseTo(1.91, 2);
        expect(fitted.work.left).toBe(0);
        expect(fitted.work.top).toBeGreaterThan(10);
      }
      await expectUncut(original, fitted);
      if (expected !== 'as-is') {
        const px = await pixelsOf(fitted.data);
        const outside = expected === 'matted-sides' ? px(2, Math.round(fitted.height / 2)) : px(Math.round(fitted.width / 2), 2);
        expect(distance(outside, { r: 255, g: 255, b: 255 })).toBeLessThan(6);
      }
    });
  }

  it('the mat is black, or the colour of the edge beside it, as the artist picks', async () => {
    const black = await fitImage(await work(600, 1800), INSTAGRAM_IMAGE_RULES, 'black');
    expect(black.mat).toEqual({ r: 0, g: 0, b: 0 });
    expect(distance((await pixelsOf(black.data))(3, 300), { r: 0, g: 0, b: 0 })).toBeLessThan(6);

    const tall = await work(600, 1800, { left: TEAL, right: TEAL, top: GREEN, bottom: YELLOW });
    const edge = await fitImage(tall, INSTAGRAM_IMAGE_RULES, 'edge');
    // The sides touching the mat are teal but for their corners (green and yellow bands): the mean is near teal.
    expect(distance(edge.mat, TEAL)).toBeLessThan(45);
    expect(distance((await pixelsOf(edge.data))(3, Math.round(edge.height / 2)), edge.mat)).toBeLessThan(6);

    const wide = await fitImage(await work(2400, 800, { left: RED, right: BLUE, top: TEAL, bottom: TEAL }), INSTAGRAM_IMAGE_RULES, 'edge');
    expect(distance(wide.mat, TEAL)).toBeLessThan(45);
  });

  it('a small work is scaled up to 320 px wide; a large one down to 1440', async () => {
    const small = await fitImage(await work(200, 200), INSTAGRAM_IMAGE_RULES, 'white');
    expect([small.width, small.height]).toEqual([320, 320]);
    const large = await fitImage(await work(4000, 3000), INSTAGRAM_IMAGE_RULES, 'white');
    expect([large.width, large.height]).toEqual([1440, 1080]);
  });

  it('the quality steps down until the JPEG is under the cap, and a cap no quality meets is an error', async () => {
    const noise = await sharp(crypto.randomBytes(1200 * 1200 * 3), { raw: { width: 1200, height: 1200, channels: 3 } })
      .png()
      .toBuffer();
    const atFull = await fitImage(noise, INSTAGRAM_IMAGE_RULES, 'white');
    expect(atFull.quality).toBe(90);
    const capped = await fitImage(noise, { ...INSTAGRAM_IMAGE_RULES, maxBytes: Math.round(atFull.data.length * 0.6) }, 'white');
    expect(capped.quality).toBeLessThan(90);
    expect(capped.data.length).toBeLessThanOrEqual(Math.round(atFull.data.length * 0.6));
    await expect(fitImage(noise, { ...INSTAGRAM_IMAGE_RULES, maxBytes: 10_000 }, 'white')).rejects.toThrow(/cannot be made smaller/);
  });

  it('the EXIF orientation is applied first: a portrait taken sideways is fitted as the portrait it is', async () => {
    // Stored 1800 x 600, shown rotated 90° (orientation 6): a 600 x 1800 portrait.
    const sideways = await sharp(await work(1800, 600))
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const fitted = await fitImage(sideways, INSTAGRAM_IMAGE_RULES, 'white');
    expect(fitted.width / fitted.height).toBeCloseTo(0.8, 2);
    expect(fitted.work.height).toBe(fitted.height);
  });

  it('a transparent PNG is laid on the mat colour', async () => {
    const png = await sharp({ create: { width: 400, height: 1200, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .png()
      .toBuffer();
    const fitted = await fitImage(png, INSTAGRAM_IMAGE_RULES, 'white');
    expect(distance((await pixelsOf(fitted.data))(fitted.work.left + 10, 10), { r: 255, g: 255, b: 255 })).toBeLessThan(6);
  });

  it('every size comes out inside the ratio rules, to the pixel', () => {
    for (let w = 100; w < 5000; w += 137) {
      for (let h = 100; h < 5000; h += 211) {
        const c = canvasFor(w, h, INSTAGRAM_IMAGE_RULES);
        expect(c.width / c.height).toBeGreaterThanOrEqual(0.8);
        expect(c.width / c.height).toBeLessThanOrEqual(1.91);
        expect(c.width).toBeGreaterThanOrEqual(320);
        expect(c.width).toBeLessThanOrEqual(1440);
      }
    }
  });
});
