import { IMPORT_COLUMNS, type ImportColumn } from '../../src/schemas/artwork-import.schema';
import { majorUnits } from '../../src/schemas/money.schema';
import { csvCell } from '../csv-cell';
import type { ExportArtwork, ExportPiece } from './artwork-export.repo';

/** Where the first piece is, in the words the import reads back: empty in the studio or with its buyer. */
function locationOf(p: ExportPiece | null): string {
  if (!p) return '';
  if (p.custody === 'elsewhere') return p.place ?? '';
  if (p.custody === 'consigned') return p.gallery ?? '';
  if (p.custody === 'onLoan') return p.loanBorrower ?? '';
  return '';
}

const number = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));

/** One artwork as the cells of the import's columns (the first piece's price and place for an edition). */
export function exportCells(a: ExportArtwork, p: ExportPiece | null): Record<ImportColumn, string> {
  const d = a.dimensions;
  const physical = a.mediaType === 'PHYSICAL_2D' || a.mediaType === 'PHYSICAL_3D';
  const price = p?.priceAmount !== null && p?.priceAmount !== undefined && p.priceCurrency ? p : null;
  return {
    title: a.title,
    year: number(a.year),
    medium: a.medium,
    height: number(d.height),
    width: number(d.width),
    depth: number(d.depth),
    unit: physical ? (d.measurementSystem === 'metric' ? 'cm' : d.measurementSystem === 'imperial' ? 'in' : '') : d.height ? 'px' : '',
    price: price ? majorUnits(price.priceAmount!, price.priceCurrency!) : '',
    currency: price?.priceCurrency ?? '',
    status: a.saleStatus,
    location: locationOf(p),
    inventoryNumber: a.inventoryNumber,
    edition: a.editionSize === null ? '' : `${a.editionSize}${a.editionProofs ? ` + ${a.editionProofs} AP` : ''}`,
  };
}

export const EXPORT_HEADER = `${IMPORT_COLUMNS.join(',')}\r\n`;

/** A CSV line of the cells, each written so no spreadsheet runs it as a formula. */
export const exportLine = (cells: Record<ImportColumn, string>) => `${IMPORT_COLUMNS.map((c) => csvCell(cells[c])).join(',')}\r\n`;
