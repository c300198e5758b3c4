import { type Html, html, joinHtml } from '../html/html';
import type { SiteArtwork } from '../publish/snapshot';
import { artworkFacts } from './artwork-facts';
import { artworkLightbox, artworkStage } from './artwork-picture';
import { artworkPager } from './artwork-pager';
import { artworkPosts } from './artwork-posts';
import { shareImage } from './images';
import { renderLayout } from './layout';
import type { PageMeta } from './seo';
import { imageOf, type SiteContext, titleOf, yearAndMedium } from './site.context';
import { tagList } from './tag-list';
import { excerpt } from './text';

const LENGTH_UNITS: Record<string, string> = { cm: 'CMT', in: 'INH' };

/** schema.org height, width and depth of a physical work, read from its dimensions ('50 × 70 cm' is height × width). */
export function physicalSize(dimensions: string): Record<string, object> {
  const match = /^([\d.]+) × ([\d.]+)(?: × ([\d.]+))? (cm|in)\b/.exec(dimensions);
  if (!match) return {};
  const value = (n: string) => ({ '@type': 'QuantitativeValue', value: Number(n), unitCode: LENGTH_UNITS[match[4]], unitText: match[4] });
  return { height: value(match[1]), width: value(match[2]), ...(match[3] ? { depth: value(match[3]) } : {}) };
}

/**
 * An artwork's own page: the picture and its other images (each opening full size in a lightbox), its facts, its text and tags, where it was
 * posted, the works before and after it, and the inquiry form (`inquiryForm`, another part's) in the section with id="inquiry"; without a form
 * nothing is drawn there.
 */
export function renderArtworkPage(ctx: SiteContext, artwork: SiteArtwork, inquiryForm?: Html): string {
  const { snapshot, urls } = ctx;
  const artist = snapshot.artist.trim();
  const title = titleOf(artwork);
  const image = imageOf(artwork);
  const canonical = urls.absolute(urls.artwork(artwork.id));
  const summary = [title, yearAndMedium(artwork), artist ? `by ${artist}` : ''].filter(Boolean).join(', ');
  const description = excerpt(artwork.description.trim() ? `${summary}. ${artwork.description}` : `${summary}.`, 160);
  const picture = image ? shareImage(urls, snapshot.version, image) : undefined;

  const meta: PageMeta = {
    title: artist ? `${title} – ${artist}` : title,
    description,
    canonical,
    type: 'article',
    image: picture,
    jsonLd: {
      '@type': 'VisualArtwork',
      name: title,
      url: canonical,
      ...(artist ? { creator: { '@type': 'Person', name: artist, url: urls.absolute(urls.home) } } : {}),
      ...(picture ? { image: { '@type': 'ImageObject', url: picture.url, width: picture.width, height: picture.height } } : {}),
      ...(artwork.year !== null ? { dateCreated: String(artwork.year) } : {}),
      ...(artwork.medium.trim() ? { artMedium: artwork.medium.trim() } : {}),
      ...(artwork.description.trim() ? { description: artwork.description.trim() } : {}),
      ...(artwork.tags.length ? { keywords: artwork.tags.join(', ') } : {}),
      ...physicalSize(artwork.dimensions),
      ...(snapshot.copyright ? { copyrightNotice: snapshot.copyright } : {}),
    },
  };

  const text = artwork.description.trim();
  const inquiry =
    inquiryForm &&
    html`<section id="inquiry" aria-label="Inquire about this work">
${inquiryForm}
</section>`;
  const about = joinHtml([
    artworkFacts(artwork),
    !!text && html`<p class="desc">${text}</p>`,
    tagList(artwork.tags),
    artworkPosts(artwork),
    inquiry,
  ]);

  return renderLayout({
    meta,
    icon: urls.icon,
    artist,
    copyright: snapshot.copyright,
    home: urls.home,
    main: html`<main class="wrap work">
${artworkStage(ctx, artwork, image)}
<div class="about">
<h1>${title}</h1>
${about}
</div>
${artworkPager(ctx, artwork)}
</main>`,
    overlay: artworkLightbox(ctx, artwork, image),
  });
}
