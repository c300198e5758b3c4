import type { ReactNode } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { css } from 'styled-system/css';
import { badge } from 'styled-system/recipes/badge';
import { artworkLifeMachine } from '../../machines/artwork-life/artwork-life.machine';
import { refusalOf } from '../../machines/artwork-life/artwork-life.rules';
import {
  selectCustody,
  selectCustodyLabel,
  selectHold,
  selectSale,
  selectSaleLabel,
} from '../../machines/artwork-life/artwork-life.selectors';
import {
  LIFE_ACTION_LABELS,
  LIFE_ACTIONS,
  lifeEventOf,
  pieceLifeRecord,
  type LifeAction,
} from '../../machines/artwork-inventory/life-actions';
import type { Piece } from '../../schemas/inventory.schema';
import { formatMoney } from '../../schemas/money.schema';
import { useInspection } from '../inspection';
import { Button } from '../ui/button';

/** The chart's actions in the order a piece offers them; pricing and the edition are the work's, whatever its life. */
const PIECE_ACTIONS = LIFE_ACTIONS.filter((a) => a !== 'pricing' && a !== 'edition');

const TONES = { available: 'success', reserved: 'warning', sold: 'danger', notForSale: 'neutral' } as const;
const day = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });

/**
 * One piece, drawn by its own artwork-life chart restored from what the server answered: its sale state (a hold lapses
 * on screen when its moment comes), where it is, and the actions the chart takes now. A sale the chart refuses says why.
 */
export function PieceCard({
  piece,
  disabled,
  onAction,
  certificate,
}: {
  piece: Piece;
  disabled: boolean;
  onAction: (action: LifeAction) => void;
  /** The download of the piece's certificate, when the page offers it. */
  certificate?: ReactNode;
}) {
  const life = useActorRef(artworkLifeMachine, { input: pieceLifeRecord(piece), ...useInspection() });
  const sale = useSelector(life, selectSale);
  const custody = useSelector(life, selectCustody);
  const saleLabel = useSelector(life, selectSaleLabel);
  const custodyLabel = useSelector(life, selectCustodyLabel);
  const hold = useSelector(life, selectHold);
  const snapshot = useSelector(life, (s) => s);
  const allowed = PIECE_ACTIONS.filter((a) => refusalOf(snapshot, lifeEventOf(a, piece)!) === null);
  const saleRefusal = sale === 'sold' ? null : refusalOf(snapshot, lifeEventOf('sell', piece)!);
  const name = piece.copy ? `Copy ${piece.copy}` : 'This work';

  return (
    <li
      aria-label={name}
      data-sale={sale}
      data-custody={custody}
      className={css({
        display: 'flex',
        flexDirection: 'column',
        gap: '2',
        p: '3',
        borderWidth: '1px',
        borderColor: 'border',
        borderRadius: 'md',
      })}
    >
      <div className={css({ display: 'flex', gap: '2', alignItems: 'center', flexWrap: 'wrap' })}>
        {piece.copy ? <span className={css({ fontWeight: 'semibold' })}>{piece.copy}</span> : null}
        <span className={badge({ tone: TONES[sale] })} data-testid="sale-state">
          {saleLabel}
        </span>
        <span className={badge({ tone: custody === 'studio' ? 'neutral' : 'accent' })} data-testid="custody-state">
          {custodyLabel}
        </span>
        {piece.price ? <span className={css({ color: 'fg.muted' })}>{formatMoney(piece.price)}</span> : null}
      </div>
      <ul className={css({ listStyle: 'none', fontSize: 'sm', color: 'fg.muted' })}>
        {hold ? (
          <li>
            On hold for {piece.hold?.contact.name} until {day(hold.until)}
          </li>
        ) : null}
        {piece.holdLapsed && sale === 'available' ? <li>A hold lapsed on its date.</li> : null}
        {custody === 'consigned' && piece.consignment ? (
          <li>
            At {piece.consignment.gallery.name} until {piece.consignment.endsOn}
          </li>
        ) : null}
        {custody === 'onLoan' && piece.loan ? (
          <li>
            Lent to {piece.loan.borrower} until {piece.loan.until}
          </li>
        ) : null}
        {custody === 'elsewhere' && piece.place ? <li>At {piece.place}</li> : null}
        {sale === 'sold' && piece.currentSale ? (
          <li>
            Sold {piece.currentSale.buyer ? `to ${piece.currentSale.buyer.name} ` : ''}on {piece.currentSale.date}
            {piece.currentSale.price ? ` for ${formatMoney(piece.currentSale.price)}` : ''}
            {piece.currentSale.net !== null && piece.currentSale.price
              ? ` (net ${formatMoney({ amount: piece.currentSale.net, currency: piece.currentSale.price.currency })})`
              : ''}
          </li>
        ) : null}
        {saleRefusal ? <li data-testid="sale-refusal">Record a sale: {saleRefusal}</li> : null}
      </ul>
      <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>
        {[...allowed, 'pricing' as const].map((action) => (
          <Button
            key={action}
            size="sm"
            variant={action === 'sell' ? 'solid' : 'outline'}
            disabled={disabled}
            aria-label={piece.copy ? `${LIFE_ACTION_LABELS[action]}: copy ${piece.copy}` : undefined}
            onClick={() => onAction(action)}
          >
            {LIFE_ACTION_LABELS[action]}
          </Button>
        ))}
        {certificate}
      </div>
    </li>
  );
}
