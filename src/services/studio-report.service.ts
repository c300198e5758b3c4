import type { Http } from './http';
import { call } from './api-error';
import { studioReportSchema, type StudioReport } from '../schemas/studio-report.schema';

/** Home's report of the studio for a year. */
export const createStudioReportService = (http: Http) => ({
  get: (year: number): Promise<StudioReport> =>
    call(async () => studioReportSchema.parse((await http.get('/report', { params: { year } })).data)),
});

export type StudioReportService = ReturnType<typeof createStudioReportService>;
