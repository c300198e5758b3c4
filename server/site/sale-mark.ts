import { type Html, html } from '../html/html';
import type { SiteArtwork } from '../publish/snapshot';

const CLASSES: Record<string, string> = { Available: 'available', Sold: 'sold', Reserved: 'reserved' };

/** A work's sale status as the site shows it: coloured, and a sold or reserved work with its dot ("● Sold"). */
export function saleMark(status: string): Html {
  const cls = CLASSES[status];
  if (!cls) return html`${status}`;
  return status === 'Available'
    ? html`<span class="${cls}">${status}</span>`
    : html`<span class="${cls}"><span class="dot" aria-hidden="true"></span>${status}</span>`;
}

/** The sale rows of a work's facts: availability, edition, price (rows without a value are left out). */
export const saleFactRows = (a: SiteArtwork): Array<[string, string | Html]> =>
  (
    [
      ['Availability', a.saleStatus ? saleMark(a.saleStatus) : ''],
      ['Edition', a.edition ?? ''],
      ['Price', a.price ?? ''],
    ] as Array<[string, string | Html]>
  ).filter(([, v]) => v !== '');

/** Under a tile's title: the dot and the word for a sold or reserved work, nothing otherwise. */
export const tileSaleMark = (a: SiteArtwork | undefined): Html | false =>
  !!a && (a.saleStatus === 'Sold' || a.saleStatus === 'Reserved') && html`<span class="meta">${saleMark(a.saleStatus)}</span>`;
