import { html, joinHtml } from '../html/html';
import { artistProfile } from './artist-profile';
import { shareImage } from './images';
import { renderLayout } from './layout';
import { pageIntro } from './page-intro';
import type { PageMeta } from './seo';
import { artworksById, imageOf, type SiteContext } from './site.context';
import { artworkTiles, collectionTiles, countOf, coverOf } from './tiles';

/** The artist's page: who they are in their own words and links, their public collections with covers (never the unlisted ones), then all their works. */
export function renderArtistPage(ctx: SiteContext): string {
  const { snapshot, urls } = ctx;
  const artist = snapshot.artist.trim();
  const byId = artworksById(snapshot);
  const collections = snapshot.collections.filter((c) => c.visibility === 'public');
  const works = snapshot.artworks;
  const lead = [artist ? 'Portfolio' : '', countOf(works.length)].filter(Boolean).join(' · ');

  const firstPicture = imageOf(collections.map((c) => coverOf(c, byId)).find(Boolean)) ?? imageOf(works.find((a) => imageOf(a)));
  const canonical = urls.absolute(urls.home);
  const meta: PageMeta = {
    title: artist ? `${artist} – Portfolio` : 'Portfolio',
    description: artist ? `Portfolio of ${artist}: ${countOf(works.length)}.` : `Portfolio: ${countOf(works.length)}.`,
    canonical,
    type: 'profile',
    image: firstPicture ? shareImage(urls, snapshot.version, firstPicture) : undefined,
    jsonLd: artist ? { '@type': 'Person', name: artist, url: canonical } : { '@type': 'ProfilePage', url: canonical, name: 'Portfolio' },
  };

  const collectionSection =
    collections.length > 0 &&
    html`<section aria-labelledby="collections">
<h2 id="collections">Collections</h2>
${collectionTiles(ctx, collections, byId)}
</section>`;
  const workSection =
    works.length > 0
      ? html`<section aria-labelledby="works">
<h2 id="works">Works</h2>
${artworkTiles(ctx, works, collections.length)}
</section>`
      : html`<p>No artworks yet.</p>`;

  return renderLayout({
    meta,
    icon: urls.icon,
    artist,
    copyright: snapshot.copyright,
    main: html`<main class="wrap">
${pageIntro(artist || 'Portfolio', lead, [artistProfile(ctx, artist, snapshot.profile)])}
${joinHtml([collectionSection, workSection])}
</main>`,
  });
}
