import * as z from 'zod/mini';

/** The currencies in use today (ISO 4217), as the runtime's Intl knows them. */
export const CURRENCIES: readonly string[] = Intl.supportedValuesOf('currency');
const known = new Set(CURRENCIES);
export const isCurrency = (code: string) => known.has(code);

/** The largest amount taken, in minor units: far above any price, well inside a JavaScript number and a bigint column. */
export const MAX_AMOUNT = 1_000_000_000_000;

/** How many minor units a currency's major unit has, as a power of ten (EUR 2, JPY 0, KWD 3). */
export const minorDigits = (currency: string) =>
  new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;

/** An amount in minor units as typed in major units, the currency's decimals and no separators: '1250.00', '300000'. */
export function majorUnits(amount: number, currency: string): string {
  const digits = minorDigits(currency);
  if (!digits) return String(amount);
  const text = String(amount).padStart(digits + 1, '0');
  return `${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/** An amount in minor units as the artist reads it: 'EUR 1,250.00', 'JPY 300,000'. */
export function formatMoney(m: { amount: number; currency: string }, locale?: string): string {
  const digits = minorDigits(m.currency);
  const number = new Intl.NumberFormat(locale ?? 'en', { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(
    m.amount / 10 ** digits,
  );
  return `${m.currency} ${number}`;
}

/** An amount in minor units: a whole number, never negative. */
export const amountField = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .check(
      z.int({ error: `${label} must be a whole number of minor units (cents)` }),
      z.gte(0, { error: `${label} cannot be negative` }),
      z.lte(MAX_AMOUNT, { error: `${label} is too large` }),
    );

export const currencyField = z.pipe(
  z.string({ error: 'Currency is required' }).check(z.trim(), z.toUpperCase()),
  z.string().check(z.refine(isCurrency, { error: 'Unknown currency: use an ISO 4217 code such as EUR or USD' })),
);

/** Money as the API takes and answers it: minor units of an ISO 4217 currency ({ amount: 125000, currency: 'EUR' }). */
export const moneySchema = z.object({ amount: amountField('Price'), currency: currencyField });
export type Money = z.output<typeof moneySchema>;

/** A commission, a percentage from 0 to 100 with at most two decimals; kept as hundredths of a percent. */
export const percentField = z.number({ error: 'Commission must be a number' }).check(
  z.gte(0, { error: 'Commission must be between 0 and 100' }),
  z.lte(100, { error: 'Commission must be between 0 and 100' }),
  z.refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, {
    error: 'Commission has at most two decimals',
  }),
);
export const toBasisPoints = (percent: number) => Math.round(percent * 100);
export const fromBasisPoints = (bp: number) => bp / 100;

/**
 * What a sale brings the artist: the price less the discount, less the commission on that (rounded to the minor
 * unit). Tax is collected on top for the state and is not the artist's.
 */
export function saleTotals(amount: number, discount: number, commissionBasisPoints: number) {
  const gross = amount - discount;
  const commission = Math.round((gross * commissionBasisPoints) / 10_000);
  return { gross, commission, net: gross - commission };
}
