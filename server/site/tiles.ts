import { type Html, html, joinHtml } from '../html/html';
import type { SiteArtwork, SiteCollection } from '../publish/snapshot';
import { type Loading, renderImg, TILE_SIZES } from './images';
import { tileSaleMark } from './sale-mark';
import { imageOf, type SiteContext, titleOf, yearAndMedium } from './site.context';

/**
 * The first screen's tiles (a laptop's first row of 4, a phone's first two rows of 2) load at once with high priority,
 * the rest as they scroll near. All four are high: the tiles are drawn the same size, so which one Chrome counts as
 * the largest paint comes down to a device pixel of rounding (on Lighthouse's phone it was the third).
 */
export const FIRST_SCREEN_TILES = 4;
export const loadingAt = (index: number): Loading => (index < FIRST_SCREEN_TILES ? 'lcp' : 'lazy');

function tile(
  ctx: SiteContext,
  href: string,
  heading: string,
  meta: string,
  artwork: SiteArtwork | undefined,
  loading: Loading,
  mark: Html | false = false,
) {
  const image = imageOf(artwork);
  // The link's text names the work: the picture inside it is not read out twice (alt="").
  const picture = image
    ? html`<span class="mat">${renderImg(ctx.urls, ctx.snapshot.version, image, { sizes: TILE_SIZES, loading, alt: '' })}</span>`
    : html`<span class="mat none">No image</span>`;
  const caption = meta && html`<span class="meta">${meta}</span>`;
  return html`<li><a class="card" href="${href}">${picture}<h3>${heading}</h3>${caption}${mark}</a></li>`;
}

/** A grid of tiles, one per line. */
const grid = (tiles: Html[]) => html`<ul class="grid">
${joinHtml(tiles)}
</ul>`;

export function artworkTiles(ctx: SiteContext, artworks: SiteArtwork[], firstIndex = 0): Html {
  return grid(
    artworks.map((a, i) => tile(ctx, ctx.urls.artwork(a.id), titleOf(a), yearAndMedium(a), a, loadingAt(firstIndex + i), tileSaleMark(a))),
  );
}

/** The collection's cover, or its first artwork with an image standing in. */
export function coverOf(c: SiteCollection, byId: Map<string, SiteArtwork>): SiteArtwork | undefined {
  const cover = c.coverArtworkId ? byId.get(c.coverArtworkId) : undefined;
  return imageOf(cover) ? cover : c.artworkIds.map((id) => byId.get(id)).find((a) => imageOf(a));
}

export const countOf = (n: number) => `${n} ${n === 1 ? 'work' : 'works'}`;

export function collectionTiles(ctx: SiteContext, collections: SiteCollection[], byId: Map<string, SiteArtwork>): Html {
  return grid(
    collections.map((c, i) =>
      tile(
        ctx,
        ctx.urls.collection(c.id),
        c.title.trim() || 'Untitled collection',
        countOf(c.artworkIds.filter((id) => byId.has(id)).length),
        coverOf(c, byId),
        loadingAt(i),
      ),
    ),
  );
}
