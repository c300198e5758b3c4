import { css } from 'styled-system/css';
import { CUSTODY_STATE_LABELS, SALE_STATE_LABELS } from '../../schemas/inventory.schema';
import { formatMoney } from '../../schemas/money.schema';
import type { StudioReport } from '../../schemas/studio-report.schema';
import { Figures, ReportCard } from './report-parts';
import { plural } from '../../schemas/plural';

/** Where the works are and what they are: counts by sale state and by custody (an edition counts each copy). */
export function WorksFigures({ pieces }: { pieces: StudioReport['pieces'] }) {
  const sale = (Object.keys(SALE_STATE_LABELS) as Array<keyof typeof SALE_STATE_LABELS>).map(
    (k) => [SALE_STATE_LABELS[k], pieces.sale[k]] as const,
  );
  const custody = (Object.keys(CUSTODY_STATE_LABELS) as Array<keyof typeof CUSTODY_STATE_LABELS>).map(
    (k) => [CUSTODY_STATE_LABELS[k], pieces.custody[k]] as const,
  );
  return (
    <ReportCard title="Works" id="report-works">
      <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>{plural(pieces.total, 'work or copy', 'works and copies')}</p>
      <Figures label="By sale status" rows={sale} />
      <Figures label="Where they are" rows={custody} />
    </ReportCard>
  );
}

/** The asking value of what is still to sell, per currency (never converted), and how many have no price. */
export function ValueFigures({ value }: { value: StudioReport['availableValue'] }) {
  return (
    <ReportCard title="For sale" id="report-value">
      {value.sums.length ? (
        <ul aria-label="Asking value of available work" className={css({ display: 'flex', flexDirection: 'column', gap: '1' })}>
          {value.sums.map((m) => (
            <li key={m.currency} className={css({ fontSize: '2xl', fontWeight: 'semibold', fontVariantNumeric: 'tabular-nums' })}>
              {formatMoney(m)}
            </li>
          ))}
        </ul>
      ) : (
        <p className={css({ color: 'fg.muted' })}>No asking price set on work for sale.</p>
      )}
      <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>
        Asking prices of available work and work on hold.
        {value.unpriced ? ` ${plural(value.unpriced, 'work has', 'works have')} no price.` : ''}
      </p>
    </ReportCard>
  );
}
