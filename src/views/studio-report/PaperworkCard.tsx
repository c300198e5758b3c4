import { css } from 'styled-system/css';
import type { PaperworkService } from '../../services/paperwork.service';
import { PaperworkDownload } from '../paperwork/PaperworkDownload';
import { ReportCard } from './report-parts';

/** The inventory as paper: every work with its custody and value (for insurance), and the price list. */
export function PaperworkCard({ paperwork }: { paperwork: Pick<PaperworkService, 'download'> }) {
  return (
    <ReportCard title="Paperwork" id="report-paperwork">
      <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>
        Every work, where it is and what it is worth, for your insurer or your records.
      </p>
      <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>
        <PaperworkDownload paperwork={paperwork} path="/paperwork/inventory.pdf" fileName="inventory.pdf" label="Inventory report (PDF)" />
        <PaperworkDownload paperwork={paperwork} path="/paperwork/inventory.csv" fileName="inventory.csv" label="Inventory report (CSV)" />
        <PaperworkDownload paperwork={paperwork} path="/paperwork/price-list.pdf" fileName="price-list.pdf" label="Price list (PDF)" />
      </div>
    </ReportCard>
  );
}
