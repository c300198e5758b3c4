import type { SiteImage } from '../publish/snapshot';
import { escapeHtml } from './html';
import type { SiteUrls } from './site.urls';

/** How wide a grid tile is drawn (styles.ts: 2 columns, 3 from 600 px, 4 from 1000 px in at most 1200 px). */
export const TILE_SIZES = '(min-width: 1000px) 280px, (min-width: 600px) 31vw, 46vw';
/**
 * The artwork page's picture, inside its mat (92% of the column): from 900 px the column is 3/5 of the page less the
 * gap (620 px at most), below it the page's width less its margins.
 */
export const STAGE_SIZES = '(min-width: 1232px) 620px, (min-width: 900px) calc(55vw - 3.5rem), calc(92vw - 2rem)';

/** eager + fetchpriority=high for the page's largest paint, eager for the rest of the first screen, lazy below. */
export type Loading = 'lcp' | 'eager' | 'lazy';

/** The largest published size: what shared links and the lightbox show. */
export const largestFile = (image: SiteImage) => image.files[image.files.length - 1];

export function renderImg(urls: SiteUrls, version: number, image: SiteImage, o: { sizes: string; loading: Loading; alt: string }): string {
  const files = image.files;
  const fallback = files.find((f) => f.width >= 600) ?? largestFile(image);
  const srcset = files.map((f) => `${urls.image(version, f.file)} ${f.width}w`).join(', ');
  const loading =
    o.loading === 'lcp' ? ' fetchpriority="high"' : o.loading === 'lazy' ? ' loading="lazy" decoding="async"' : ' decoding="async"';
  // width and height give the box its shape before the bytes arrive (no layout shift).
  return (
    `<img src="${escapeHtml(urls.image(version, fallback.file))}" srcset="${escapeHtml(srcset)}" sizes="${o.sizes}" ` +
    `width="${fallback.width}" height="${fallback.height}" alt="${escapeHtml(o.alt)}"${loading}>`
  );
}

/** The picture of a shared link: the largest size, absolute. */
export function shareImage(urls: SiteUrls, version: number, image: SiteImage) {
  const { file, width, height } = largestFile(image);
  return { url: urls.absolute(urls.image(version, file)), width, height, alt: image.alt };
}
