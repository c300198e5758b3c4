import { html } from '../html/html';
import type { SiteArtwork, SiteCollection } from '../publish/snapshot';
import { shareImage } from './images';
import { renderLayout } from './layout';
import { pageIntro } from './page-intro';
import type { PageMeta } from './seo';
import { artworksById, imageOf, type SiteContext, titleOf } from './site.context';
import { tagList } from './tag-list';
import { excerpt } from './text';
import { artworkTiles, countOf, coverOf } from './tiles';

/** A public or unlisted collection's page: its text, then its works in the collection's order. */
export function renderCollectionPage(ctx: SiteContext, collection: SiteCollection): string {
  const { snapshot, urls } = ctx;
  const artist = snapshot.artist.trim();
  const byId = artworksById(snapshot);
  const works = collection.artworkIds.map((id) => byId.get(id)).filter((a): a is SiteArtwork => Boolean(a));
  const title = collection.title.trim() || 'Untitled collection';
  const canonical = urls.absolute(urls.collection(collection.id));
  const cover = imageOf(coverOf(collection, byId));
  const about = collection.description.trim();
  const summary = `${title}${artist ? `, a collection by ${artist}` : ''}: ${countOf(works.length)}.`;

  const meta: PageMeta = {
    title: artist ? `${title} – ${artist}` : title,
    description: excerpt(about ? `${summary} ${about}` : summary, 160),
    canonical,
    type: 'website',
    image: cover ? shareImage(urls, snapshot.version, cover) : undefined,
    jsonLd: {
      '@type': 'CollectionPage',
      name: title,
      url: canonical,
      ...(about ? { description: about } : {}),
      ...(artist ? { author: { '@type': 'Person', name: artist, url: urls.absolute(urls.home) } } : {}),
      mainEntity: {
        '@type': 'ItemList',
        numberOfItems: works.length,
        itemListElement: works.map((a, i) => ({
          '@type': 'ListItem',
          position: i + 1,
          url: urls.absolute(urls.artwork(a.id)),
          name: titleOf(a),
        })),
      },
    },
  };

  const intro = pageIntro(title, countOf(works.length), [!!about && html`<p class="desc">${about}</p>`, tagList(collection.tags)]);
  const list =
    works.length > 0
      ? html`<h2>Works</h2>
${artworkTiles(ctx, works)}`
      : html`<p>No works in this collection yet.</p>`;
  return renderLayout({
    meta,
    icon: urls.icon,
    artist,
    copyright: snapshot.copyright,
    home: urls.home,
    main: html`<main class="wrap">
${intro}
${list}
</main>`,
  });
}
