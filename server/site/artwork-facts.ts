import { html } from '../html/html';
import type { SiteArtwork } from '../publish/snapshot';

const statusClass = (label: string) => (label === 'Available' ? 'available' : label === 'Sold' ? 'sold' : '');

/** What is known of a work, as a list of terms: year, medium, dimensions, availability (coloured when for sale or sold). */
export function artworkFacts(a: SiteArtwork) {
  const rows: Array<[string, string, string?]> = [
    ['Year', a.year === null ? '' : String(a.year)],
    ['Medium', a.medium.trim()],
    ['Dimensions', a.dimensions],
    ['Availability', a.saleStatus, statusClass(a.saleStatus)],
  ];
  const shown = rows.filter(([, value]) => value);
  const row = ([label, value, cls]: [string, string, string?]) => html`<dt>${label}</dt><dd${cls && html` class="${cls}"`}>${value}</dd>`;
  return html`<dl class="facts">${shown.map(row)}</dl>`;
}
