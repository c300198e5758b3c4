import { type Html, html, joinHtml, trustedHtml } from '../html/html';

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

/** JSON inside <script type="application/ld+json">: no '<' (so no '</script>'), and no line separators. */
export const jsonForScript = (value: unknown) =>
  JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** schema.org data as a JSON-LD data block (a script element browsers never run). */
export function jsonLdScript(data: object): Html {
  // Safe: jsonForScript writes every < > & as a \u escape, so nothing in the data can end the element or start a
  // comment; it goes in unescaped because a script element's text is not HTML (entities would stay in the JSON).
  const json = trustedHtml(jsonForScript({ '@context': 'https://schema.org', ...data }));
  return html`<script type="application/ld+json">${json}</script>`;
}

const meta = (attr: 'name' | 'property', key: string, value: string) => html`<meta ${attr}="${key}" content="${value}">`;

/** title, description, canonical, OpenGraph and Twitter card tags, and the JSON-LD data block. */
export function renderSeoHead(m: PageMeta, siteName: string): Html {
  const tags: Html[] = [
    html`<title>${m.title}</title>`,
    meta('name', 'description', m.description),
    html`<link rel="canonical" href="${m.canonical}">`,
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
  if (m.jsonLd) tags.push(jsonLdScript(m.jsonLd));
  return joinHtml(tags);
}
