import type { CustodyState, SaleState } from '../../schemas/inventory.schema';

export type { CustodyState, SaleState };

/** A hold: kept for a contact until a moment (an ISO instant), after which the piece is available again. */
export interface Hold {
  contactId: string;
  until: string;
}

/** A loan to an exhibition or a person, until a day (YYYY-MM-DD). */
export interface Loan {
  borrower: string;
  until: string;
}

/**
 * What the database keeps of one piece's life, and the chart's input: the chart is restored from it, and its next
 * snapshot is written back as one.
 */
export interface LifeRecord {
  sale: SaleState;
  custody: CustodyState;
  hold: Hold | null;
  consignmentId: string | null;
  loan: Loan | null;
  /** Where an 'elsewhere' piece is: storage, the framer, in transit. */
  place: string | null;
}

export type LifeEvent =
  | { type: 'sale.record'; buyerId: string | null }
  | { type: 'sale.return' }
  | { type: 'sale.markNotForSale' }
  | { type: 'sale.markForSale' }
  | { type: 'hold.place'; hold: Hold }
  | { type: 'hold.release' }
  | { type: 'custody.consign'; consignmentId: string }
  | { type: 'custody.returnFromConsignment' }
  | { type: 'custody.lend'; loan: Loan }
  | { type: 'custody.returnFromLoan' }
  | { type: 'custody.moveElsewhere'; place: string }
  | { type: 'custody.backToStudio' };

/** What the sale region tells the custody region in the same step: the piece went to its buyer, or came back. */
export type LifeInternalEvent = { type: 'custody.toBuyer' } | { type: 'custody.fromBuyer' };

export const EMPTY_RECORD: LifeRecord = { sale: 'available', custody: 'studio', hold: null, consignmentId: null, loan: null, place: null };
