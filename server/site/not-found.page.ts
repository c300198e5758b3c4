import { escapeHtml } from './html';
import { STYLE } from './styles';

function plainPage(title: string, body: string) {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main class="wrap intro">
${body}
</main>
</body>
</html>
`;
}

/** No published portfolio at this address (an unknown slug, or one not published yet). */
export const renderPortfolioNotFound = () =>
  plainPage(
    'Portfolio not found',
    `<h1>Portfolio not found</h1>
<p>There is no published portfolio at this address. Please check the link you were given.</p>`,
  );

/** A page of a published site that does not exist (or is not public): a way back to the artist's page. */
export const renderPageNotFound = (home: string, artist: string) =>
  plainPage(
    'Page not found',
    `<h1>Page not found</h1>
<p>This page is not part of the portfolio. It may have been removed when the portfolio was last published.</p>
<p><a href="${escapeHtml(home)}">See the portfolio of ${escapeHtml(artist || 'this artist')}</a></p>`,
  );
