import { type Html, html } from '../html/html';
import type { SiteArtwork } from '../publish/snapshot';
import { saleFactRows } from './sale-mark';

/** What is known of a work, as a list of terms: year, medium, dimensions, then its sale (server/site/sale-mark.ts). */
export function artworkFacts(a: SiteArtwork) {
  const rows: Array<[string, string | Html]> = [
    ['Year', a.year === null ? '' : String(a.year)],
    ['Medium', a.medium.trim()],
    ['Dimensions', a.dimensions],
    ...saleFactRows(a),
  ];
  const shown = rows.filter(([, value]) => value);
  const row = ([label, value]: [string, string | Html]) => html`<dt>${label}</dt><dd>${value}</dd>`;
  return html`<dl class="facts">${shown.map(row)}</dl>`;
}
