import type { SiteArtwork } from '../publish/snapshot';
import { escapeHtml, excerpt, isWebUrl } from './html';
import { renderImg, shareImage, STAGE_SIZES } from './images';
import { renderLayout } from './layout';
import type { PageMeta } from './seo';
import { imageOf, type SiteContext, titleOf, yearAndMedium } from './site.context';

const LENGTH_UNITS: Record<string, string> = { cm: 'CMT', in: 'INH' };

/** schema.org height, width and depth of a physical work, read from its dimensions ('50 × 70 cm' is height × width). */
export function physicalSize(dimensions: string): Record<string, object> {
  const match = /^([\d.]+) × ([\d.]+)(?: × ([\d.]+))? (cm|in)\b/.exec(dimensions);
  if (!match) return {};
  const value = (n: string) => ({ '@type': 'QuantitativeValue', value: Number(n), unitCode: LENGTH_UNITS[match[4]], unitText: match[4] });
  return { height: value(match[1]), width: value(match[2]), ...(match[3] ? { depth: value(match[3]) } : {}) };
}

const statusClass = (label: string) => (label === 'Available' ? 'available' : label === 'Sold' ? 'sold' : '');

function facts(a: SiteArtwork): string {
  const rows: Array<[string, string, string?]> = [
    ['Year', a.year === null ? '' : String(a.year)],
    ['Medium', a.medium.trim()],
    ['Dimensions', a.dimensions],
    ['Availability', a.saleStatus, statusClass(a.saleStatus)],
  ];
  const shown = rows.filter(([, value]) => value);
  return `<dl class="facts">${shown
    .map(([label, value, cls]) => `<dt>${label}</dt><dd${cls ? ` class="${cls}"` : ''}>${escapeHtml(value)}</dd>`)
    .join('')}</dl>`;
}

function postedOn(a: SiteArtwork): string {
  if (!a.posts.length) return '';
  const items = a.posts.map((p) => {
    const label = `${p.platform} · ${p.handle.startsWith('@') ? p.handle : `@${p.handle}`}`;
    const when = new Date(p.postedAt);
    const date = Number.isNaN(when.getTime())
      ? ''
      : ` <time datetime="${when.toISOString()}">${when.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })}</time>`;
    const link = isWebUrl(p.url) ? `<a href="${escapeHtml(p.url)}" rel="noopener">${escapeHtml(label)}</a>` : escapeHtml(label);
    return `<li>${link}${date}</li>`;
  });
  return `<section aria-labelledby="posted">\n<h2 id="posted">Where it was posted</h2>\n<ul class="posts">${items.join('')}</ul>\n</section>`;
}

/**
 * An artwork's own page: the picture (a link opening it full size in a lightbox made of CSS :target alone, closed by
 * its Close link or Back), its facts, where it was posted, and the inquiry form (`inquiryHtml`, another part's) in
 * the section with id="inquiry"; without a form nothing is drawn there.
 */
export function renderArtworkPage(ctx: SiteContext, artwork: SiteArtwork, inquiryHtml?: string): string {
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

  const stage = image
    ? `<figure class="stage"><a id="picture" href="#view">${renderImg(urls, snapshot.version, image, {
        sizes: STAGE_SIZES,
        loading: 'lcp',
        alt: image.alt || title,
      })}<span class="sr">, view full size</span></a></figure>`
    : `<figure class="stage"><span class="mat none">No image</span></figure>`;
  const lightbox = image
    ? `<div id="view" class="lightbox" role="dialog" aria-label="${escapeHtml(`${title}, full size`)}"><a class="close" href="#picture">Close</a>${renderImg(
        urls,
        snapshot.version,
        image,
        { sizes: '100vw', loading: 'lazy', alt: image.alt || title },
      )}</div>`
    : undefined;

  const text = artwork.description.trim() ? `<p class="desc">${escapeHtml(artwork.description.trim())}</p>` : '';
  const tags = artwork.tags.length
    ? `<ul class="tags" aria-label="Tags">${artwork.tags.map((t) => `<li>${escapeHtml(t)}</li>`).join('')}</ul>`
    : '';
  const inquiry = inquiryHtml ? `<section id="inquiry" aria-label="Inquire about this work">\n${inquiryHtml}\n</section>` : '';

  return renderLayout({
    meta,
    icon: urls.icon,
    artist,
    copyright: snapshot.copyright,
    home: urls.home,
    main: `<main class="wrap work">
${stage}
<div class="about">
<h1>${escapeHtml(title)}</h1>
${[facts(artwork), text, tags, postedOn(artwork), inquiry].filter(Boolean).join('\n')}
</div>
</main>`,
    overlay: lightbox,
  });
}
