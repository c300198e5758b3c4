import { studioReportQuerySchema, studioReportSchema } from '../../src/schemas/studio-report.schema';
import { requireUser } from '../auth/require-user';
import type { AppDeps } from '../context';
import { ApiRouter } from '../http/api-router';
import { errorDoc } from '../http/router';
import { readStudioReport } from './studio-report.repo';

/** Home's reports: works by status and custody, the value of what is for sale, the year's sales, what is overdue. */
export function studioReportRoutes(deps: AppDeps) {
  const api = new ApiRouter(requireUser(deps));
  api.openapi(
    {
      method: 'get',
      path: '/report',
      summary:
        'The studio at a glance: pieces by sale state and custody, asking value of available work, the sales of a year (gross, commission, net; by gallery and by month), overdue consignments and lapsing holds',
      tag: 'Inventory',
      auth: true,
      query: studioReportQuerySchema,
      responses: {
        200: { description: 'The report', schema: studioReportSchema },
        400: errorDoc('Invalid input'),
        401: errorDoc('Not signed in'),
      },
    },
    async (c, { query }) => {
      const now = new Date();
      return c.json(await readStudioReport(deps.db, c.var.auth.user.userId, query.year ?? now.getUTCFullYear(), now), 200);
    },
  );
  return api;
}
