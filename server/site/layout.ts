import { renderDocument } from '../html/document';
import { type Html, html } from '../html/html';
import { type PageMeta, renderSeoHead } from './seo';
import { SITE_SCRIPT, SITE_STYLE } from './styles';

export interface LayoutParts {
  meta: PageMeta;
  /** The artist's name, or '' (then 'Portfolio'). */
  artist: string;
  copyright: string;
  /** The artist's page; absent on the artist's page itself (its h1 is the name). */
  home?: string;
  main: Html;
  /** Drawn over the page (the lightbox), outside main; with it comes the script that closes it on Esc. */
  overlay?: Html;
  /** The site's icon (else browsers ask the host's /favicon.ico, a 404 logged to the console). */
  icon: string;
}

/** A page of the site: the way back to the artist's page (but on it), its main part, an overlay, the copyright. */
export function renderLayout(p: LayoutParts): string {
  const name = p.artist || 'Portfolio';
  const top = p.home && html`<header class="wrap top"><a href="${p.home}">${name}</a></header>\n`;
  const overlay = p.overlay && html`${p.overlay}\n`;
  return renderDocument({
    colorScheme: true,
    icon: p.icon,
    head: renderSeoHead(p.meta, name),
    style: SITE_STYLE,
    ...(p.overlay ? { script: SITE_SCRIPT } : {}),
    body: html`${top}${p.main}
${overlay}<footer class="wrap"><p>${p.copyright || name}</p></footer>`,
  });
}
