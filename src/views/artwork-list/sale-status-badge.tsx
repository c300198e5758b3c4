import { badge } from 'styled-system/recipes/badge';
import { saleStatusLabel, type SaleStatus } from '../../schemas/artwork.schema';

/** Requirements §4: Available green, Sold red, Not For Sale grey; any other value reads 'Unknown'. */
const LOOKS: Record<SaleStatus | 'unknown', { className: string; color: string }> = {
  AVAILABLE: { className: badge({ tone: 'success' }), color: 'green' },
  SOLD: { className: badge({ tone: 'danger' }), color: 'red' },
  NOT_FOR_SALE: { className: badge({ tone: 'neutral' }), color: 'grey' },
  unknown: { className: badge({ tone: 'warning' }), color: 'amber' },
};

export function SaleStatusBadge({ status }: { status: string }) {
  const look = LOOKS[status as SaleStatus] ?? LOOKS.unknown;
  return (
    <span className={look.className} data-color={look.color}>
      {saleStatusLabel(status)}
    </span>
  );
}
