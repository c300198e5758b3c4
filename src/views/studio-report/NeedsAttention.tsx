import { Link } from 'wouter';
import { css } from 'styled-system/css';
import { dayLabel } from '../../schemas/inventory-fields';
import { plural } from '../../schemas/plural';
import type { StudioReport } from '../../schemas/studio-report.schema';
import { ReportCard } from './report-parts';

const linkClass = css({ color: 'accent.default', fontWeight: 'medium', textDecoration: 'underline' });

/** Overdue consignments and holds about to lapse: what the artist should act on; nothing shown when there is none. */
export function NeedsAttention({ report }: { report: StudioReport }) {
  const { overdueConsignments: overdue, lapsingHolds: holds } = report;
  if (!overdue.length && !holds.length) return null;
  return (
    <ReportCard title="Needs attention" id="report-attention" wide>
      <ul className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
        {overdue.map((c) => (
          <li key={c.consignmentId} data-testid="overdue-consignment">
            <Link href="/portfolio/consignments" className={linkClass}>
              {c.gallery}
            </Link>
            : the consignment ended on {dayLabel(c.endsOn)}, and {plural(c.worksOut, 'work is', 'works are')} still there.
          </li>
        ))}
        {holds.map((h) => (
          <li key={`${h.artworkId}-${h.copy}`} data-testid="lapsing-hold">
            <Link href={`/portfolio/artwork/${h.artworkId}?tab=inventory`} className={linkClass}>
              {h.title || 'Untitled'}
              {h.copy ? ` (${h.copy})` : ''}
            </Link>
            : on hold for {h.contact} until {dayLabel(h.until)}.
          </li>
        ))}
      </ul>
    </ReportCard>
  );
}
