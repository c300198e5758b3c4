import { CUSTODY_STATE_LABELS, SALE_STATE_LABELS } from '../../schemas/inventory.schema';
import type { LifeSnapshot } from './artwork-life.rules';
import type { CustodyState, SaleState } from './artwork-life.types';

/** The piece's sale state now ('reserved' lapses by itself while the chart runs). */
export const selectSale = (s: LifeSnapshot) => (s.value as { sale: SaleState }).sale;
export const selectCustody = (s: LifeSnapshot) => (s.value as { custody: CustodyState }).custody;
export const selectSaleLabel = (s: LifeSnapshot) => SALE_STATE_LABELS[selectSale(s)];
export const selectCustodyLabel = (s: LifeSnapshot) => CUSTODY_STATE_LABELS[selectCustody(s)];
/** The hold while it runs. */
export const selectHold = (s: LifeSnapshot) => (selectSale(s) === 'reserved' ? s.context.hold : null);
const SALE_STATUS_OF: Record<SaleState, 'AVAILABLE' | 'SOLD' | 'NOT_FOR_SALE'> = {
  available: 'AVAILABLE',
  reserved: 'AVAILABLE',
  sold: 'SOLD',
  notForSale: 'NOT_FOR_SALE',
};
/** The API's saleStatus for this piece: a hold shows as Available. */
export const selectSaleStatus = (s: LifeSnapshot) => SALE_STATUS_OF[selectSale(s)];
