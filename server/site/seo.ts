import { escapeHtml, jsonForScript } from './html';

/** What a page says about itself to search engines and to link previews. */
export interface PageMeta {
  title: string;
  description: string;
  /** Absolute. */
  canonical: string;
  type: 'website' | 'article' | 'profile';
  /** The picture of a shared link (absolute), or none. */
  image?: { url: string; width: number; height: number; alt: string };
  /** schema.org, as JSON-LD. */
  jsonLd?: object;
}

const meta = (attr: 'name' | 'property', key: string, value: string) => `<meta ${attr}="${key}" content="${escapeHtml(value)}">`;

/** title, description, canonical, OpenGraph and Twitter card tags, and the JSON-LD data block. */
export function renderSeoHead(m: PageMeta, siteName: string): string {
  const tags = [
    `<title>${escapeHtml(m.title)}</title>`,
    meta('name', 'description', m.description),
    `<link rel="canonical" href="${escapeHtml(m.canonical)}">`,
    meta('property', 'og:type', m.type),
    meta('property', 'og:title', m.title),
    meta('property', 'og:description', m.description),
    meta('property', 'og:url', m.canonical),
    meta('property', 'og:site_name', siteName),
  ];
  if (m.image) {
    tags.push(
      meta('property', 'og:image', m.image.url),
      meta('property', 'og:image:width', String(m.image.width)),
      meta('property', 'og:image:height', String(m.image.height)),
      meta('property', 'og:image:alt', m.image.alt),
      meta('name', 'twitter:card', 'summary_large_image'),
      meta('name', 'twitter:image', m.image.url),
      meta('name', 'twitter:image:alt', m.image.alt),
    );
  } else {
    tags.push(meta('name', 'twitter:card', 'summary'));
  }
  tags.push(meta('name', 'twitter:title', m.title), meta('name', 'twitter:description', m.description));
  if (m.jsonLd)
    tags.push(`<script type="application/ld+json">${jsonForScript({ '@context': 'https://schema.org', ...m.jsonLd })}</script>`);
  return tags.join('\n');
}
