import { type Html, html, joinHtml } from '../html/html';
import type { SiteArtwork, SiteImage } from '../publish/snapshot';
import { renderImg, STAGE_SIZES } from './images';
import { type SiteContext, titleOf } from './site.context';

/**
 * A gallery thumbnail: a quarter of the picture's column (see STAGE_SIZES) less the 0.5rem gaps, inside its 6% padding
 * and 1 px border. E.g. 70 px on a 390 px phone, 141 px from 1200 px.
 */
const THUMB_SIZES = '(min-width: 1200px) 141px, (min-width: 900px) calc(13.2vw - 17px), calc(22vw - 14px)';

/** The work's images with a published file: its picture, then its gallery in the order of its Media tab. */
const galleryOf = (artwork: SiteArtwork) => (artwork.gallery ?? []).filter((g) => g.files.length > 0);

/**
 * The work's picture, a link that opens it full size (`artworkLightbox`), or a mat saying there is none; under it,
 * its other images, each a link that opens it full size too.
 */
export function artworkStage(ctx: SiteContext, artwork: SiteArtwork, image: SiteImage | null) {
  const title = titleOf(artwork);
  const others = galleryOf(artwork);
  const main = image
    ? html`<figure class="stage"><a id="picture" href="#view">${renderImg(ctx.urls, ctx.snapshot.version, image, { sizes: STAGE_SIZES, loading: 'lcp', alt: image.alt || title })}<span class="sr">, view full size</span></a></figure>`
    : html`<figure class="stage"><span class="mat none">No image</span></figure>`;
  if (!others.length) return main;
  const thumbs = others.map(
    (g, i) =>
      html`<li><a id="${`image-${i + 2}`}" class="thumb" href="${`#view-${i + 2}`}">${renderImg(ctx.urls, ctx.snapshot.version, g, { sizes: THUMB_SIZES, loading: 'lazy', alt: g.alt || title })}<span class="sr">, view full size</span></a></li>`,
  );
  return html`<div class="pictures">
${main}
<ul class="gallery" aria-label="More images of this work">${joinHtml(thumbs)}</ul>
</div>`;
}

/**
 * Each image full size over the page, made of CSS :target alone and closed by its Close link, Back or (with the page's
 * small script) Esc: the picture at #view, the gallery's at #view-2, #view-3... None for a work without images.
 */
export function artworkLightbox(ctx: SiteContext, artwork: SiteArtwork, image: SiteImage | null): Html | undefined {
  const title = titleOf(artwork);
  const boxes = [
    ...(image ? [{ id: 'view', back: '#picture', image, label: `${title}, full size` }] : []),
    ...galleryOf(artwork).map((g, i) => ({
      id: `view-${i + 2}`,
      back: `#image-${i + 2}`,
      image: g,
      label: `${g.alt || title}, full size`,
    })),
  ];
  if (!boxes.length) return undefined;
  return joinHtml(
    boxes.map(
      (b) =>
        html`<div id="${b.id}" class="lightbox" role="dialog" aria-label="${b.label}"><a class="close" href="${b.back}">Close</a>${renderImg(ctx.urls, ctx.snapshot.version, b.image, { sizes: '100vw', loading: 'lazy', alt: b.image.alt || title })}</div>`,
    ),
  );
}
