import { renderDocument } from '../html/document';
import { type Html, html } from '../html/html';
import { SITE_STYLE } from '../site/styles';

/** The site's own stylesheet and nothing else; the form may post only to this origin. */
export const INQUIRY_PAGE_CSP = `default-src 'none'; style-src ${SITE_STYLE.source}; base-uri 'none'; form-action 'self'; frame-ancestors 'none'`;

/**
 * The page an artwork's inquiry form posts to, in the look of the artist's site: it comes back here with its
 * messages, and here the buyer reads the thank-you, with the way back to the work (or, for a work not found, to the
 * artist's page).
 */
export function renderInquiryPage(p: {
  portfolio: string;
  artist: string;
  artworkTitle: string;
  artworkUrl?: string;
  formHtml: Html;
}): string {
  const heading = p.artworkTitle ? `Ask about “${p.artworkTitle}”` : 'Artwork not found';
  const artist = p.artist.trim();
  const by = artist ? ` by ${artist}` : '';
  const back =
    p.artworkUrl && p.artworkTitle
      ? html`<a href="${p.artworkUrl}">Back to “${p.artworkTitle}”</a>`
      : html`<a href="${p.portfolio}">Back to the portfolio</a>`;
  return renderDocument({
    colorScheme: true,
    noindex: true,
    head: html`<title>${heading + by}</title>`,
    style: SITE_STYLE,
    body: html`<header class="wrap top"><a href="${p.portfolio}">${artist || 'Portfolio'}</a></header>
<main class="wrap intro inquiry-page">
<h1>${heading}${by}</h1>
<section id="inquiry" aria-labelledby="inquiry-title">
<h2 id="inquiry-title">Send a message to the artist</h2>
${p.formHtml}
</section>
<p class="back">${back}</p>
</main>
<footer class="wrap"><p>${artist || 'Portfolio'}</p></footer>`,
  });
}
