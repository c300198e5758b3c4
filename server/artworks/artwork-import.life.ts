import { applyToRecord } from '../../src/machines/artwork-life/artwork-life.rules';
import type { LifeEvent, LifeRecord } from '../../src/machines/artwork-life/artwork-life.types';
import type { HistoryChange } from '../../src/schemas/history.schema';
import type { InventoryJournalType } from '../../src/schemas/journal.schema';
import { formatMoney } from '../../src/schemas/money.schema';
import { refused } from '../inventory/life';
import { lifeChanges } from '../inventory/life-words';
import type { ImportWork } from './artwork-import.parse';

/** An imported work names no contact or consignment. */
const NO_NAMES = { contacts: new Map<string, string>(), galleries: new Map<string, string>() };

/** One change of a new piece's life, as its history records it. */
export interface ImportStep {
  type: InventoryJournalType;
  phrase: string;
  changes: HistoryChange[];
  occurredOn: string | null;
}

/**
 * Where each new piece of an imported work ends, and the steps of its life that take it there, asked of the
 * artwork-life chart as a change of a piece is (server/inventory/life.ts): a place moves it Elsewhere, SOLD records
 * its sale (to an unknown buyer, on `today`, at the price given). Worked out once per work, since its pieces all start
 * the same, so the import writes them in a few statements instead of several per piece.
 */
export function importedLife(work: ImportWork, today: string): { record: LifeRecord; steps: ImportStep[] } {
  let record: LifeRecord = {
    sale: work.values.saleStatus === 'NOT_FOR_SALE' ? 'notForSale' : 'available',
    custody: 'studio',
    hold: null,
    consignmentId: null,
    loan: null,
    place: null,
  };
  const steps: ImportStep[] = [];
  const take = (event: LifeEvent, step: Omit<ImportStep, 'changes'>, extra: HistoryChange[] = []) => {
    const result = applyToRecord(record, event);
    if (!result.allowed) throw refused(result.reason, `Line ${work.line}`);
    steps.push({ ...step, changes: [...lifeChanges(record, result.next, NO_NAMES), ...extra] });
    record = result.next;
  };
  if (work.place) {
    take(
      { type: 'custody.moveElsewhere', place: work.place },
      { type: 'artwork.movedElsewhere', phrase: `was moved to ${work.place}`, occurredOn: null },
    );
  }
  if (work.values.saleStatus === 'SOLD') {
    const soldFor = work.price ? [{ what: 'Sold for', from: null, to: formatMoney(work.price) }] : [];
    take({ type: 'sale.record', buyerId: null }, { type: 'artwork.sold', phrase: 'was sold', occurredOn: today }, soldFor);
  }
  return { record, steps };
}
