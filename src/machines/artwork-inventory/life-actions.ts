import type { LifeEvent, LifeRecord } from '../artwork-life/artwork-life.types';
import type { Contact } from '../../schemas/contact.schema';
import type { Inventory, Piece } from '../../schemas/inventory.schema';
import { isCurrency, majorUnits, minorDigits } from '../../schemas/money.schema';
import type { PieceChange } from '../../services/inventory.service';
import { consignmentRequest, galleriesOf, localDay, optionalNumber, startTerms } from '../consignments/consign-terms';

/** What the artist can do with a piece from the artwork page; each opens a dialog. */
export const LIFE_ACTIONS = [
  'sell',
  'returnSale',
  'hold',
  'release',
  'consign',
  'returnConsignment',
  'lend',
  'returnLoan',
  'elsewhere',
  'studio',
  'markNotForSale',
  'markForSale',
  'pricing',
  'edition',
] as const;
export type LifeAction = (typeof LIFE_ACTIONS)[number];

export const LIFE_ACTION_LABELS: Record<LifeAction, string> = {
  sell: 'Record a sale',
  returnSale: 'Return the sale',
  hold: 'Put on hold',
  release: 'Release the hold',
  consign: 'Consign',
  returnConsignment: 'Return from consignment',
  lend: 'Lend',
  returnLoan: 'Return from loan',
  elsewhere: 'Mark elsewhere',
  studio: 'Mark back in the studio',
  markNotForSale: 'Mark not for sale',
  markForSale: 'Mark for sale',
  pricing: 'Set the price',
  edition: 'Edition',
};

/** The toast after each action went through. */
export const LIFE_ACTION_DONE: Record<LifeAction, string> = {
  sell: 'Sale recorded',
  returnSale: 'Sale returned',
  hold: 'Put on hold',
  release: 'Hold released',
  consign: 'Consigned',
  returnConsignment: 'Returned from the consignment',
  lend: 'Loan recorded',
  returnLoan: 'Back from the loan',
  elsewhere: 'Place recorded',
  studio: 'Back in the studio',
  markNotForSale: 'Marked not for sale',
  markForSale: 'Marked for sale',
  pricing: 'Price saved',
  edition: 'Edition saved',
};

/** The chart event an action stands for (pricing and the edition are the artwork's, not a piece's life). */
export function lifeEventOf(action: LifeAction, piece: Piece): LifeEvent | null {
  switch (action) {
    case 'sell':
      // Offered to the holder of a hold: the dialog starts with them as the buyer.
      return { type: 'sale.record', buyerId: piece.hold?.contact.contactId ?? null };
    case 'returnSale':
      return { type: 'sale.return' };
    case 'hold':
      return { type: 'hold.place', hold: { contactId: '', until: new Date(Date.now() + 86_400_000).toISOString() } };
    case 'release':
      return { type: 'hold.release' };
    case 'consign':
      return { type: 'custody.consign', consignmentId: '' };
    case 'returnConsignment':
      return { type: 'custody.returnFromConsignment' };
    case 'lend':
      return { type: 'custody.lend', loan: { borrower: '', until: '' } };
    case 'returnLoan':
      return { type: 'custody.returnFromLoan' };
    case 'elsewhere':
      return { type: 'custody.moveElsewhere', place: '' };
    case 'studio':
      return { type: 'custody.backToStudio' };
    case 'markNotForSale':
      return { type: 'sale.markNotForSale' };
    case 'markForSale':
      return { type: 'sale.markForSale' };
    default:
      return null;
  }
}

/** A piece's record as the chart restores it (what the server answered). */
export const pieceLifeRecord = (p: Piece): LifeRecord => ({
  sale: p.sale,
  custody: p.custody,
  hold: p.hold ? { contactId: p.hold.contact.contactId, until: p.hold.until } : null,
  consignmentId: p.consignment?.consignmentId ?? null,
  loan: p.loan,
  place: p.place,
});

export type ActionValues = Record<string, string>;

/** An amount in minor units as typed in major units ('1250.00'), or '' for none. */
export const toMajor = (amount: number | null | undefined, currency: string) =>
  amount === null || amount === undefined ? '' : majorUnits(amount, currency);

/** What a dialog starts with. */
export function startValues(action: LifeAction, piece: Piece, inventory: Inventory): ActionValues {
  const currency = piece.price?.currency ?? 'EUR';
  switch (action) {
    case 'sell':
      return {
        contactId: piece.hold?.contact.contactId ?? '',
        date: localDay(),
        amount: toMajor(piece.price?.amount, currency),
        currency,
        discount: '',
        commissionPercent: '',
        tax: '',
        invoiceNumber: '',
        note: '',
      };
    case 'returnSale':
    case 'returnConsignment':
      return { date: localDay(), note: '' };
    case 'hold':
      return { contactId: '', until: localDay(7), note: '' };
    case 'consign':
      return { ...startTerms() };
    case 'lend':
      return { borrower: '', until: localDay(30), note: '' };
    case 'elsewhere':
      return { place: '', note: '' };
    case 'pricing':
      return { amount: toMajor(piece.price?.amount, currency), currency, display: inventory.priceDisplay };
    case 'edition':
      return {
        size: inventory.edition ? String(inventory.edition.size) : '',
        proofs: inventory.edition ? String(inventory.edition.proofs) : '0',
      };
    default:
      return { note: '' };
  }
}

/** The request an action's dialog makes, as the services take it. */
export type ActionRequest =
  | { kind: 'change'; change: PieceChange; body: object }
  | { kind: 'sell'; body: object }
  | { kind: 'returnSale'; saleId: string; body: object }
  | { kind: 'consign'; body: object }
  | { kind: 'returnConsigned'; consignmentId: string; body: object };

/** Minor units of a typed amount; null when it is not one ('12.345' EUR, '1,2'). */
export function parseAmount(typed: string, currency: string): number | null {
  const clean = typed.replace(/[\s,]/g, '');
  const digits = isCurrency(currency) ? minorDigits(currency) : 2;
  const m = /^(\d{1,13})(?:\.(\d+))?$/.exec(clean);
  if (!m || (m[2]?.length ?? 0) > digits) return null;
  return Number(m[1]) * 10 ** digits + Number((m[2] ?? '').padEnd(digits, '0') || 0);
}

const optionalAmount = (typed: string, currency: string, field: string, errors: Record<string, string>) => {
  if (typed.trim() === '') return undefined;
  const n = parseAmount(typed, currency);
  if (n === null) errors[field] = 'Enter an amount like 1250.00';
  return n ?? undefined;
};
const copyOf = (piece: Piece) => (piece.copy ? { copy: piece.copy } : {});

/**
 * The request for an action's values, or the messages of what cannot be sent as typed (an amount that is not one).
 * Every other rule is the server's (it answers 400 with the field), so the app never states a rule twice.
 */
export function actionRequest(
  action: LifeAction,
  v: ActionValues,
  piece: Piece,
  artworkId: string,
): { request: ActionRequest } | { errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const note = v.note ?? '';
  let request: ActionRequest;
  switch (action) {
    case 'sell': {
      const currency = v.currency.trim().toUpperCase();
      const amount = optionalAmount(v.amount, currency, 'amount', errors);
      if (amount === undefined && !errors.amount) errors.amount = 'Enter the price';
      request = {
        kind: 'sell',
        body: {
          ...copyOf(piece),
          contactId: v.contactId,
          date: v.date,
          price: { amount, currency },
          discount: optionalAmount(v.discount, currency, 'discount', errors),
          commissionPercent: optionalNumber(v.commissionPercent),
          tax: optionalAmount(v.tax, currency, 'tax', errors),
          invoiceNumber: v.invoiceNumber,
          note,
        },
      };
      break;
    }
    case 'returnSale':
      request = { kind: 'returnSale', saleId: piece.currentSale?.saleId ?? '', body: { date: v.date, note } };
      break;
    case 'hold':
      // The day the artist picked, to its end where they are.
      request = {
        kind: 'change',
        change: 'hold',
        body: {
          ...copyOf(piece),
          contactId: v.contactId,
          until: /^\d{4}-\d{2}-\d{2}$/.test(v.until) ? new Date(`${v.until}T23:59:59.999`).toISOString() : v.until,
          note,
        },
      };
      break;
    case 'consign':
      request = {
        kind: 'consign',
        body: consignmentRequest(v, piece.copy ? { copies: [{ artworkId, copy: piece.copy }] } : { artworkIds: [artworkId] }),
      };
      break;
    case 'returnConsignment':
      request = {
        kind: 'returnConsigned',
        consignmentId: piece.consignment?.consignmentId ?? '',
        body: { ...(piece.copy ? { copies: [{ artworkId, copy: piece.copy }] } : { artworkIds: [artworkId] }), date: v.date, note },
      };
      break;
    case 'lend':
      request = { kind: 'change', change: 'lend', body: { ...copyOf(piece), borrower: v.borrower, until: v.until, note } };
      break;
    case 'elsewhere':
      request = { kind: 'change', change: 'elsewhere', body: { ...copyOf(piece), place: v.place, note } };
      break;
    case 'pricing': {
      const currency = v.currency.trim().toUpperCase();
      const amount = optionalAmount(v.amount, currency, 'amount', errors);
      request = {
        kind: 'change',
        change: 'pricing',
        body: { ...copyOf(piece), price: amount === undefined ? null : { amount, currency }, display: v.display },
      };
      break;
    }
    case 'edition':
      request = {
        kind: 'change',
        change: 'edition',
        body: { size: v.size.trim() === '' ? null : Number(v.size), proofs: v.proofs.trim() === '' ? 0 : Number(v.proofs) },
      };
      break;
    case 'release':
      request = { kind: 'change', change: 'release', body: { ...copyOf(piece), note } };
      break;
    case 'returnLoan':
      request = { kind: 'change', change: 'returnLoan', body: { ...copyOf(piece), note } };
      break;
    case 'studio':
      request = { kind: 'change', change: 'studio', body: { ...copyOf(piece), note } };
      break;
    case 'markNotForSale':
    case 'markForSale':
      request = { kind: 'change', change: 'availability', body: { ...copyOf(piece), forSale: action === 'markForSale', note } };
      break;
  }
  return Object.keys(errors).length ? { errors } : { request };
}

/** The dialog field a server's field message belongs to ('price.amount' is typed as 'amount'); others go above the form. */
export function dialogField(path: string): string {
  if (path === 'price.amount') return 'amount';
  if (path === 'price.currency') return 'currency';
  return path.split('.')[0];
}

/** Contacts a dialog offers: galleries to consign to, anyone to sell to or hold for. */
export const contactsFor = (action: LifeAction, contacts: Contact[]) => (action === 'consign' ? galleriesOf(contacts) : contacts);
