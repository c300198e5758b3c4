import { renderDocument } from '../html/document';
import { type Html, html } from '../html/html';
import { SITE_STYLE } from './styles';

/** A page that says something is not there: the site's look, kept out of search engines. */
function plainPage(title: string, body: Html) {
  return renderDocument({
    colorScheme: true,
    noindex: true,
    head: html`<title>${title}</title>`,
    style: SITE_STYLE,
    body: html`<main class="wrap intro">
${body}
</main>`,
  });
}

/** No published portfolio at this address (an unknown slug, or one not published yet). */
export const renderPortfolioNotFound = () =>
  plainPage(
    'Portfolio not found',
    html`<h1>Portfolio not found</h1>
<p>There is no published portfolio at this address. Please check the link you were given.</p>`,
  );

/** A page of a published site that does not exist (or is not public): a way back to the artist's page. */
export const renderPageNotFound = (home: string, artist: string) =>
  plainPage(
    'Page not found',
    html`<h1>Page not found</h1>
<p>This page is not part of the portfolio. It may have been removed when the portfolio was last published.</p>
<p><a href="${home}">See the portfolio of ${artist || 'this artist'}</a></p>`,
  );
