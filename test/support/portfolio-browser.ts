import type { Page } from 'playwright-core';
import type { MediaType } from '../../src/schemas/media-type.schema';

/** An artwork as the browser test types it into the form, and how the public portfolio then shows it. */
export interface NewArtwork {
  type: MediaType;
  label: string;
  title: string;
  year: string;
  medium: string;
  saleStatus: 'Available' | 'Sold' | 'Not For Sale';
  metric?: boolean;
  /** Label (with its unit) -> value; none for the works whose sizes are read from their file. */
  lengths: Record<string, string>;
  /** How the public portfolio writes the dimensions; none until a file gives them (digital pictures, video, audio). */
  published?: string;
}

/** One artwork of each media type, in the order the Create Artwork menu lists them. */
export const ARTWORKS: NewArtwork[] = [
  {
    type: 'PHYSICAL_2D',
    label: 'Physical 2D',
    title: 'Harbour Study',
    year: '2021',
    medium: 'Oil on canvas',
    saleStatus: 'Available',
    metric: true,
    lengths: { 'Height (cm)': '50', 'Width (cm)': '70' },
    published: '50 × 70 cm',
  },
  {
    type: 'PHYSICAL_3D',
    label: 'Physical 3D',
    title: 'Heron',
    year: '2018',
    medium: 'Bronze',
    saleStatus: 'Sold',
    lengths: { 'Height (in)': '12', 'Width (in)': '8', 'Depth (in)': '4.5' },
    published: '12 × 8 × 4.5 in',
  },
  {
    type: 'DIGITAL_2D',
    label: 'Digital 2D',
    title: 'Night Garden',
    year: '2023',
    medium: 'Procreate',
    saleStatus: 'Available',
    lengths: {},
  },
  {
    type: 'DIGITAL_3D',
    label: 'Digital 3D',
    title: 'Glass Orbit',
    year: '2024',
    medium: 'Blender',
    saleStatus: 'Not For Sale',
    lengths: { 'Height (px)': '1000', 'Width (px)': '1200', 'Depth (px)': '800' },
    published: '1000 × 1200 × 800 px',
  },
  {
    type: 'VIDEO',
    label: 'Video',
    title: 'Tide Loop',
    year: '2022',
    medium: 'HD video',
    saleStatus: 'Available',
    lengths: {},
  },
  {
    type: 'AUDIO',
    label: 'Audio',
    title: 'Gull Song',
    year: '2020',
    medium: 'Field recording',
    saleStatus: 'Not For Sale',
    lengths: {},
  },
];

interface Recorded {
  /** Every value each progress bar (by its name) took, in order. */
  progress: Record<string, number[]>;
  /** The text of every success notification shown (toasts leave after 5 s, so they are caught as they come). */
  toasts: string[];
}

/** From now on, records in the page what its progress bars and notifications show. */
export async function recordProgressAndToasts(page: Page) {
  await page.evaluate(() => {
    const seen: Recorded = { progress: {}, toasts: [] };
    (window as unknown as { seen: Recorded }).seen = seen;
    const toastsShown = new WeakSet<Element>();
    const record = () => {
      for (const bar of document.querySelectorAll('[role="progressbar"]')) {
        const values = (seen.progress[bar.getAttribute('aria-label') ?? ''] ??= []);
        const value = Number(bar.getAttribute('aria-valuenow'));
        if (values.at(-1) !== value) values.push(value);
      }
      for (const toast of document.querySelectorAll('[aria-label="Notifications"] [role="status"]')) {
        if (!toastsShown.has(toast)) seen.toasts.push(toast.textContent ?? '');
        toastsShown.add(toast);
      }
    };
    new MutationObserver(record).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['aria-valuenow'],
    });
  });
}

export const recorded = (page: Page) => page.evaluate(() => (window as unknown as { seen: Recorded }).seen);

/** Limits the page's upload bandwidth (Chromium's network emulation) until stop(). */
export async function throttleUploads(page: Page, bytesPerSecond: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const limit = (uploadThroughput: number) =>
    cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput });
  await limit(bytesPerSecond);
  return { stop: () => limit(-1) };
}
