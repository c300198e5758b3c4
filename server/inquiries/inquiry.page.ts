import { renderDocument } from '../html/document';
import { type Html, html } from '../html/html';
import { inlineStyle } from '../html/style';
import { INQUIRY_STYLE } from './inquiry.form';

// Contrast of at least 7:1 against the page; controls' edges at 3:1 or more.
const STYLE = inlineStyle(
  `
*,*::before,*::after{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;line-height:1.5;color:#1a1a1a;background:#fafafa}
main{max-width:40rem;margin:0 auto;padding:3rem 1rem}
h1{font-size:1.75rem;line-height:1.2;margin:0 0 1rem}
h2{font-size:1.25rem;margin:1.5rem 0 .5rem}
.inquiry-field{display:flex;flex-direction:column;gap:.25rem;margin:0 0 1rem}
.inquiry-label{font-weight:600}
.inquiry-control{font:inherit;padding:.5rem .75rem;border:1px solid #595959;border-radius:6px;background:#fff;color:#1a1a1a}
.inquiry-control[aria-invalid="true"]{border-color:#8e1414;border-width:2px}
.inquiry-error,.inquiry-alert{color:#8e1414;margin:0;font-weight:600}
.inquiry-alert{margin:0 0 1rem}
.inquiry-submit{font:inherit;font-weight:600;padding:.6rem 1.25rem;border:0;border-radius:6px;background:#1d3a8a;color:#fff;cursor:pointer}
.inquiry-sent{padding:1rem;border-radius:6px;background:#e8f5e9;color:#1b5e20}
a{color:#1d3a8a}
${INQUIRY_STYLE}
`.trim(),
);

/** Its own stylesheet and nothing else; the form may post only to this origin. */
export const INQUIRY_PAGE_CSP = `default-src 'none'; style-src ${STYLE.source}; base-uri 'none'; form-action 'self'; frame-ancestors 'none'`;

/**
 * A page of its own for an artwork's inquiry form, until the artwork pages of the public site carry it: the form
 * posts here, comes back here with its messages, and here the buyer reads the confirmation.
 */
export function renderInquiryPage(p: { portfolio: string; artist: string; artworkTitle: string; formHtml: Html }): string {
  const heading = p.artworkTitle ? `Ask about “${p.artworkTitle}”` : 'Artwork not found';
  const by = p.artist.trim() ? ` by ${p.artist.trim()}` : '';
  return renderDocument({
    noindex: true,
    head: html`<title>${heading + by}</title>`,
    style: STYLE,
    body: html`<main>
<h1>${heading}${by}</h1>
<section id="inquiry" aria-labelledby="inquiry-title">
<h2 id="inquiry-title">Send a message to the artist</h2>
${p.formHtml}
</section>
<p><a href="${p.portfolio}">Back to the portfolio</a></p>
</main>`,
  });
}
