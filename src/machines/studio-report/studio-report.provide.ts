import { fromPromise } from 'xstate';
import type { StudioReportService } from '../../services/studio-report.service';
import { studioReportMachine } from './studio-report.machine';

export interface StudioReportDeps {
  reports: Pick<StudioReportService, 'get'>;
}

/** Home's report, read through the report service. */
export const provideStudioReport = ({ reports }: StudioReportDeps) =>
  studioReportMachine.provide({
    actors: { loadReport: fromPromise(({ input }: { input: { year: number } }) => reports.get(input.year)) },
  });
