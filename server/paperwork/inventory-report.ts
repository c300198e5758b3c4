import { formatDimensions } from '../../src/schemas/dimensions-format';
import { CUSTODY_STATE_LABELS, SALE_STATE_LABELS } from '../../src/schemas/inventory.schema';
import { formatMoney } from '../../src/schemas/money.schema';
import { copyOf } from '../inventory/pieces.repo';
import type { ReportRow } from './inventory-report.repo';

/** One line of the inventory report, as both the PDF and the CSV write it. */
export interface ReportLine {
  title: string;
  copy: string;
  year: string;
  medium: string;
  dimensions: string;
  status: string;
  custody: string;
  price: string;
}

export const REPORT_COLUMNS: { key: keyof ReportLine; header: string }[] = [
  { key: 'title', header: 'Title' },
  { key: 'copy', header: 'Copy' },
  { key: 'year', header: 'Year' },
  { key: 'medium', header: 'Medium' },
  { key: 'dimensions', header: 'Dimensions' },
  { key: 'status', header: 'Status' },
  { key: 'custody', header: 'Custody' },
  { key: 'price', header: 'Value' },
];

/** Where a piece is, in words: 'Consigned: Galerie Nord', 'Elsewhere: framer'. */
const custodyOf = (r: ReportRow) => {
  const label = CUSTODY_STATE_LABELS[r.custody];
  const where =
    r.custody === 'consigned' ? r.gallery : r.custody === 'onLoan' ? r.loanBorrower : r.custody === 'elsewhere' ? r.place : null;
  return where ? `${label}: ${where}` : label;
};

export function reportLine(r: ReportRow): ReportLine {
  return {
    title: r.title || 'Untitled',
    copy: copyOf(r, r) ?? '',
    year: r.year === null ? '' : String(r.year),
    medium: r.medium,
    dimensions: formatDimensions(r.dimensions),
    status: SALE_STATE_LABELS[r.sale],
    custody: custodyOf(r),
    price: r.priceAmount !== null && r.priceCurrency ? formatMoney({ amount: r.priceAmount, currency: r.priceCurrency }, 'en') : '',
  };
}

/** The value of what the artist still owns (not sold), per currency: what an insurer asks for. */
export function valueTotals() {
  const totals = new Map<string, number>();
  return {
    add(r: ReportRow) {
      if (r.sale === 'sold' || r.priceAmount === null || !r.priceCurrency) return;
      totals.set(r.priceCurrency, (totals.get(r.priceCurrency) ?? 0) + r.priceAmount);
    },
    lines: () => [...totals].sort(([a], [b]) => a.localeCompare(b)).map(([currency, amount]) => formatMoney({ amount, currency }, 'en')),
  };
}
