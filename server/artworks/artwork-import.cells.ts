/** The cells of an inventory CSV that are more than text: status, place, unit, price and edition. */
import type { ImportColumn } from '../../src/schemas/artwork-import.schema';
import type { SaleStatus } from '../../src/schemas/artwork.schema';
import { EDITION_MAX } from '../../src/schemas/inventory.schema';
import { currencyField, MAX_AMOUNT, minorDigits, type Money } from '../../src/schemas/money.schema';

/** Reports a problem in a cell of the row being read. */
export type Fail = (column: ImportColumn, message: string) => void;

export const STATUS_WORDS: Record<string, SaleStatus> = {
  '': 'AVAILABLE',
  available: 'AVAILABLE',
  sold: 'SOLD',
  notforsale: 'NOT_FOR_SALE',
  nfs: 'NOT_FOR_SALE',
};

/** 'In the studio' and its short forms leave the work in the studio; any other place moves it there. */
export const IN_STUDIO = new Set(['', 'studio', 'in the studio', 'in studio']);

export const UNITS: Record<string, 'metric' | 'imperial'> = {
  cm: 'metric',
  in: 'imperial',
  inch: 'imperial',
  inches: 'imperial',
  '"': 'imperial',
};

/** '450.00' in major units of the currency, as minor units; a price needs its currency. */
export function readPrice(text: string, currencyText: string, fail: Fail): Money | null {
  const currency = currencyField.safeParse(currencyText);
  if (currencyText !== '' && !currency.success) fail('currency', currency.error.issues[0].message);
  if (text === '') return null;
  if (text.startsWith('-')) {
    fail('price', 'Price cannot be negative');
    return null;
  }
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) {
    fail('price', 'Price must be a number in major units, such as 450.00');
    return null;
  }
  if (currencyText === '') {
    fail('currency', 'Currency is required with a price (an ISO 4217 code such as EUR or USD)');
    return null;
  }
  if (!currency.success) return null;
  const digits = minorDigits(currency.data);
  const fraction = match[2] ?? '';
  if (fraction.replace(/0+$/, '').length > digits) {
    fail('price', `Price has at most ${digits} decimals in ${currency.data}`);
    return null;
  }
  const amount = Number(match[1] + fraction.padEnd(digits, '0').slice(0, digits));
  if (amount > MAX_AMOUNT) {
    fail('price', 'Price is too large');
    return null;
  }
  return { amount, currency: currency.data };
}

/** '25' or '25 + 2 AP' (an edition of 25 and two artist's proofs); empty for a unique work. */
export function readEdition(text: string, fail: Fail): { size: number; proofs: number } | null {
  if (text === '') return null;
  const match = /^(\d+)\s*(?:\+\s*(\d+)\s*APs?)?$/i.exec(text);
  const size = match ? Number(match[1]) : Number.NaN;
  const proofs = match?.[2] ? Number(match[2]) : 0;
  if (!match || size < 2 || size > EDITION_MAX) {
    fail('edition', `Edition must be a number of copies from 2 to ${EDITION_MAX}, such as 25 or 25 + 2 AP`);
    return null;
  }
  if (proofs > 100) {
    fail('edition', "Artist's proofs must be a whole number from 0 to 100");
    return null;
  }
  return { size, proofs };
}
