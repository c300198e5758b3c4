import { useActorRef, useSelector } from '@xstate/react';
import { css } from 'styled-system/css';
import type { studioReportMachine } from '../../machines/studio-report/studio-report.machine';
import {
  selectCanGoBack,
  selectCanGoForward,
  selectFailure,
  selectIsLoading,
  selectReport,
} from '../../machines/studio-report/studio-report.selectors';
import type { PaperworkService } from '../../services/paperwork.service';
import { RetryAlert } from '../ui/alert';
import { Button } from '../ui/button';
import { Spinner } from '../ui/spinner';
import { useInspection } from '../inspection';
import { NeedsAttention } from './NeedsAttention';
import { PaperworkCard } from './PaperworkCard';
import { ReportCard } from './report-parts';
import { SalesYear } from './SalesYear';
import { ValueFigures, WorksFigures } from './WorksFigures';

export const REPORT_TEXT = {
  title: 'Your studio',
  loading: "Reading your studio's figures...",
  previousYear: 'Previous year',
  nextYear: 'Next year',
} as const;

/**
 * Home's report: works by sale status and custody, the value of work for sale, a year's sales (gross, commission,
 * net; by month and by gallery) and what needs attention. An artist with no work yet sees none of it.
 */
export function StudioReportPanel({
  logic,
  paperwork,
}: {
  logic: typeof studioReportMachine;
  /** Where the inventory report and price list download from; without it, no Paperwork card. */
  paperwork?: Pick<PaperworkService, 'download'>;
}) {
  const actor = useActorRef(logic, { input: { thisYear: new Date().getFullYear() }, ...useInspection() });
  const report = useSelector(actor, selectReport);
  const loading = useSelector(actor, selectIsLoading);
  const failure = useSelector(actor, selectFailure);
  const canGoBack = useSelector(actor, selectCanGoBack);
  const canGoForward = useSelector(actor, selectCanGoForward);

  if (failure) {
    return <RetryAlert onRetry={() => actor.send({ type: 'report.retry' })}>{failure}</RetryAlert>;
  }
  if (!report) return <Spinner label={REPORT_TEXT.loading} />;
  if (report.pieces.total === 0) return null;

  const yearButtons = (
    <div className={css({ display: 'flex', gap: '1' })}>
      <Button
        size="sm"
        variant="outline"
        aria-label={REPORT_TEXT.previousYear}
        disabled={!canGoBack}
        onClick={() => actor.send({ type: 'year.previous' })}
      >
        ‹
      </Button>
      <Button
        size="sm"
        variant="outline"
        aria-label={REPORT_TEXT.nextYear}
        disabled={!canGoForward}
        onClick={() => actor.send({ type: 'year.next' })}
      >
        ›
      </Button>
    </div>
  );
  return (
    <section aria-labelledby="report-title" aria-busy={loading} className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
      <h2 id="report-title" className={css({ fontSize: '2xl', fontWeight: 'bold' })}>
        {REPORT_TEXT.title}
      </h2>
      <div
        className={css({
          display: 'grid',
          gap: '4',
          gridTemplateColumns: { base: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
          alignItems: 'start',
        })}
      >
        <NeedsAttention report={report} />
        <WorksFigures pieces={report.pieces} />
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '4', minW: '0' })}>
          <ValueFigures value={report.availableValue} />
          {paperwork ? <PaperworkCard paperwork={paperwork} /> : null}
        </div>
        <ReportCard title={`Sales in ${report.year}`} id="report-sales" actions={yearButtons} wide>
          <SalesYear sales={report.sales} year={report.year} />
        </ReportCard>
      </div>
    </section>
  );
}
