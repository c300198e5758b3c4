import { type Html, html, joinHtml, trustedHtml } from './html';
import type { InlineScript, InlineStyle } from './style';

export interface DocumentParts {
  /** The page's own head elements, after the common ones: its <title>, or the search and link-preview tags. */
  head: Html;
  /** Its one stylesheet, inline; the page's CSP must carry `style.source`. */
  style: InlineStyle;
  /** Says the page has a dark scheme too (before the stylesheet arrives, the browser paints the right one). */
  colorScheme?: boolean;
  /** The site's icon (an SVG). */
  icon?: string;
  /** Asks search engines to leave the page out (error pages, forms). */
  noindex?: boolean;
  /** Everything in <body>. */
  body: Html;
  /** A small script at the end of <body> that the page works without; the page's CSP must carry `script.source`. */
  script?: InlineScript;
}

/**
 * The one HTML document every server-rendered page is: doctype, language, charset, viewport, its head, its inline
 * stylesheet, its body (and its small script, if it has one). Self-contained: no other file is needed to read it.
 */
export function renderDocument(p: DocumentParts): string {
  const head = joinHtml([
    html`<meta charset="utf-8">`,
    html`<meta name="viewport" content="width=device-width, initial-scale=1">`,
    p.colorScheme && html`<meta name="color-scheme" content="light dark">`,
    p.icon !== undefined && html`<link rel="icon" href="${p.icon}" type="image/svg+xml">`,
    p.noindex && html`<meta name="robots" content="noindex">`,
    p.head,
    // Safe: an InlineStyle is made from the code's own stylesheet (inlineStyle), never from what anyone typed; it
    // goes in unescaped because its CSP hash is of these exact bytes, and its quotes are CSS.
    html`<style>${trustedHtml(p.style.css)}</style>`,
  ]);
  // Safe: an InlineScript is the code's own (inlineScript), never what anyone typed; its CSP hash is of these bytes.
  const script = p.script && html`\n<script>${trustedHtml(p.script.js)}</script>`;
  return html`<!doctype html>
<html lang="en">
<head>
${head}
</head>
<body>
${p.body}${script}
</body>
</html>
`.toString();
}
