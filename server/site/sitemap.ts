import { html, joinHtml } from '../html/html';
import type { SiteContext } from './site.context';

/** Every page a crawler may list: the artist's page, each artwork, each public collection (never the unlisted ones). */
export function renderSitemap(ctx: SiteContext): string {
  const { snapshot, urls } = ctx;
  const lastmod = ctx.publishedAt.toISOString();
  const pages = [
    urls.home,
    ...snapshot.collections.filter((c) => c.visibility === 'public').map((c) => urls.collection(c.id)),
    ...snapshot.artworks.map((a) => urls.artwork(a.id)),
  ];
  // XML is escaped as HTML is: &amp; &lt; &gt; &quot; and &#39; are XML too.
  const entries = pages.map((p) => html`<url><loc>${urls.absolute(p)}</loc><lastmod>${lastmod}</lastmod></url>`);
  return html`<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${joinHtml(entries)}
</urlset>
`.toString();
}

/** Crawlers are welcome everywhere on the site, and told where its sitemap is. */
export const renderRobots = (ctx: Pick<SiteContext, 'urls'>) =>
  `User-agent: *\nAllow: /\nSitemap: ${ctx.urls.absolute(ctx.urls.sitemap)}\n`;
