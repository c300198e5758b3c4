import { escapeHtml } from './html';
import { type PageMeta, renderSeoHead } from './seo';
import { STYLE } from './styles';

export interface LayoutParts {
  meta: PageMeta;
  /** The artist's name, or '' (then 'Portfolio'). */
  artist: string;
  copyright: string;
  /** The artist's page; absent on the artist's page itself (its h1 is the name). */
  home?: string;
  main: string;
  /** Drawn over the page (the lightbox), outside main. */
  overlay?: string;
  /** The site's icon (else browsers ask the host's /favicon.ico, a 404 logged to the console). */
  icon: string;
}

/** A whole page: self-contained HTML, one inline stylesheet (hashed in the CSP), no script to run. */
export function renderLayout(p: LayoutParts): string {
  const name = p.artist || 'Portfolio';
  const top = p.home ? `<header class="wrap top"><a href="${escapeHtml(p.home)}">${escapeHtml(name)}</a></header>\n` : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<link rel="icon" href="${escapeHtml(p.icon)}" type="image/svg+xml">
${renderSeoHead(p.meta, name)}
<style>${STYLE}</style>
</head>
<body>
${top}${p.main}
${p.overlay ? `${p.overlay}\n` : ''}<footer class="wrap"><p>${escapeHtml(p.copyright || name)}</p></footer>
</body>
</html>
`;
}
