import { html, joinHtml } from '../html/html';
import type { SiteArtwork } from '../publish/snapshot';
import { type SiteContext, titleOf } from './site.context';

/** Links to the works before and after this one in the order of the artist's page (newest first); none at the ends. */
export function artworkPager(ctx: SiteContext, artwork: SiteArtwork) {
  const works = ctx.snapshot.artworks;
  const at = works.findIndex((a) => a.id === artwork.id);
  const previous = at > 0 ? works[at - 1] : undefined;
  const next = at >= 0 && at < works.length - 1 ? works[at + 1] : undefined;
  if (!previous && !next) return false;
  return html`<nav class="pager" aria-label="Other works">${joinHtml([
    !!previous &&
      html`<a class="prev" href="${ctx.urls.artwork(previous.id)}" rel="prev"><span class="dir">Previous</span> ${titleOf(previous)}</a>`,
    !!next && html`<a class="next" href="${ctx.urls.artwork(next.id)}" rel="next"><span class="dir">Next</span> ${titleOf(next)}</a>`,
  ])}</nav>`;
}
