import crypto from 'node:crypto';
import sharp from 'sharp';
import { fitImage, INSTAGRAM_IMAGE_RULES } from '../server/social/media-fit';
import { median, type BudgetResult, type Suite } from './support';

const RUNS = 5;
const BUDGET_MS = 1500;

/**
 * A 40-megapixel photograph-like JPEG (quality 90): smooth noise blown up from a small tile, so it compresses as a
 * photograph does (several MB), not as flat colour or pure noise.
 */
async function photo(width: number, height: number) {
  const tw = Math.round(width / 12);
  const th = Math.round(height / 12);
  const tile = await sharp(crypto.randomBytes(tw * th * 3), { raw: { width: tw, height: th, channels: 3 } })
    .png()
    .toBuffer();
  return sharp(tile).resize(width, height, { kernel: 'lanczos3' }).jpeg({ quality: 90 }).toBuffer();
}

async function measure(name: string, width: number, height: number): Promise<BudgetResult> {
  const input = await photo(width, height);
  await fitImage(input, INSTAGRAM_IMAGE_RULES, 'edge'); // warm libvips up once
  const times: number[] = [];
  let out = { width: 0, height: 0, bytes: 0 };
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    const fitted = await fitImage(input, INSTAGRAM_IMAGE_RULES, 'edge');
    times.push(performance.now() - started);
    out = { width: fitted.width, height: fitted.height, bytes: fitted.data.length };
  }
  const worst = Math.max(...times);
  return {
    name: `Fit of a ${((width * height) / 1e6).toFixed(1)}-megapixel ${name} (${width} × ${height}, ${(input.length / 1024 / 1024).toFixed(1)} MB JPEG) for Instagram, worst of ${RUNS}`,
    budget: `< ${BUDGET_MS} ms`,
    measured: `${worst.toFixed(0)} ms worst (median ${median(times).toFixed(0)} ms; ${times.map((t) => t.toFixed(0)).join(', ')}) → ${out.width} × ${out.height}, ${(out.bytes / 1024).toFixed(0)} KB`,
    pass: worst < BUDGET_MS,
    method:
      "fitImage (server/social/media-fit.ts) in the bench process on a JPEG held in memory: decode with the EXIF orientation applied, scale into 320-1440 px, mat to the nearest ratio inside 4:5-1.91:1 in the colour of the work's edge, JPEG under 8 MiB; timed with performance.now after one warm-up run.",
  };
}

/** The work is never cropped: the fit of a 40-megapixel image for Instagram within 1.5 s. */
export const mediaFitSuite: Suite = {
  title: 'Social: fitting an image for Instagram',
  async run() {
    return [await measure('panorama (3:1, matted above and below)', 10954, 3652), await measure('photograph (4:3)', 7303, 5477)];
  },
};
