import { type Html, html } from '../html/html';
import type { SiteImage } from '../publish/snapshot';
import type { SiteUrls } from './site.urls';

/**
 * How wide a tile's picture is drawn (styles.ts): the page less its 1rem margins (1168 px at most), in 2 columns with
 * a 1rem gap, 3 from 600 px and 4 from 1000 px with 1.5rem gaps; in each tile the mat's 7% padding each side and its
 * 1 px border. E.g. 145 px on a 390 px phone (254 device pixels at 1.75x: the 400 px size, never the 600), 234 px
 * from 1200 px. Rounded up by a pixel or so.
 */
export const TILE_SIZES =
  '(min-width: 1200px) 234px, (min-width: 1000px) calc(21.5vw - 24px), (min-width: 600px) calc(28.7vw - 24px), calc(43vw - 22px)';
/**
 * The artwork page's picture, inside its mat (4% padding each side and a 1 px border, so 92% of the column less 2
 * px): from 900 px the column is 3/5 of the page less its margins and the 3rem gap (616 px from 1200 px), below it
 * the page's width less its margins. E.g. 328 px on a 390 px phone, 616 px at 1280.
 */
export const STAGE_SIZES = '(min-width: 1200px) 617px, (min-width: 900px) calc(55.2vw - 46px), calc(92vw - 31px)';

/** eager + fetchpriority=high for what may be the page's largest paint (the first screen's pictures), lazy below. */
export type Loading = 'lcp' | 'lazy';

/** The largest published size: what shared links and the lightbox show. */
export const largestFile = (image: SiteImage) => image.files[image.files.length - 1];

export function renderImg(urls: SiteUrls, version: number, image: SiteImage, o: { sizes: string; loading: Loading; alt: string }): Html {
  const files = image.files;
  const fallback = files.find((f) => f.width >= 600) ?? largestFile(image);
  const srcset = files.map((f) => `${urls.image(version, f.file)} ${f.width}w`).join(', ');
  const loading = o.loading === 'lcp' ? html` fetchpriority="high"` : html` loading="lazy" decoding="async"`;
  // width and height give the box its shape before the bytes arrive (no layout shift).
  return html`<img src="${urls.image(version, fallback.file)}" srcset="${srcset}" sizes="${o.sizes}" width="${fallback.width}" height="${fallback.height}" alt="${o.alt}"${loading}>`;
}

/** The picture of a shared link: the largest size, absolute. */
export function shareImage(urls: SiteUrls, version: number, image: SiteImage) {
  const { file, width, height } = largestFile(image);
  return { url: urls.absolute(urls.image(version, file)), width, height, alt: image.alt };
}
