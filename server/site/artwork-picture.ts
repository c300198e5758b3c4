import { html } from '../html/html';
import type { SiteImage } from '../publish/snapshot';
import { renderImg, STAGE_SIZES } from './images';
import type { SiteContext } from './site.context';

/** The work's picture, a link that opens it full size (`artworkLightbox`), or a mat saying there is none. */
export function artworkStage(ctx: SiteContext, image: SiteImage | null, title: string) {
  if (!image) return html`<figure class="stage"><span class="mat none">No image</span></figure>`;
  const picture = renderImg(ctx.urls, ctx.snapshot.version, image, { sizes: STAGE_SIZES, loading: 'lcp', alt: image.alt || title });
  return html`<figure class="stage"><a id="picture" href="#view">${picture}<span class="sr">, view full size</span></a></figure>`;
}

/** The picture full size over the page, made of CSS :target alone and closed by its Close link or Back; none without one. */
export function artworkLightbox(ctx: SiteContext, image: SiteImage | null, title: string) {
  if (!image) return undefined;
  const picture = renderImg(ctx.urls, ctx.snapshot.version, image, { sizes: '100vw', loading: 'lazy', alt: image.alt || title });
  const label = `${title}, full size`;
  return html`<div id="view" class="lightbox" role="dialog" aria-label="${label}"><a class="close" href="#picture">Close</a>${picture}</div>`;
}
