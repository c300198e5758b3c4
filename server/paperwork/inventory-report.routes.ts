import { requireUser } from '../auth/require-user';
import type { AppDeps } from '../context';
import { ApiRouter } from '../http/api-router';
import { csvResponse } from '../http/csv-response';
import { errorDoc } from '../http/router';
import { artistName } from './certificate.repo';
import { csvCell } from '../csv-cell';
import { REPORT_COLUMNS, reportLine } from './inventory-report';
import { inventoryReportPdf } from './inventory-report.pdf';
import { reportRows } from './inventory-report.repo';
import { pdfResponse } from './pdf';

const tag = 'Paperwork';
const pdfAnswer = (what: string) => ({
  200: { description: `${what} (application/pdf, A4 landscape)`, contentType: 'application/pdf' },
  401: errorDoc('Not signed in'),
});

/** The inventory report for insurance (PDF and CSV) and the price list: every page streamed as it is read. */
export function inventoryReportRoutes(deps: AppDeps) {
  const api = new ApiRouter(requireUser(deps));

  api.openapi(
    {
      method: 'get',
      path: '/paperwork/inventory.pdf',
      summary: 'The inventory report for insurance: every piece with its status, custody and value, and the value of what is not sold',
      tag,
      auth: true,
      responses: pdfAnswer('The report'),
    },
    async (c) => {
      const userId = c.var.auth.user.userId;
      const doc = await inventoryReportPdf('Inventory report', await artistName(deps.db, userId), reportRows(deps.db, userId), () => true);
      return pdfResponse(doc, 'inventory-report.pdf');
    },
  );

  api.openapi(
    {
      method: 'get',
      path: '/paperwork/price-list.pdf',
      summary: 'The price list: the pieces for sale (available or on hold) with their prices',
      tag,
      auth: true,
      responses: pdfAnswer('The price list'),
    },
    async (c) => {
      const userId = c.var.auth.user.userId;
      const forSale = (r: { sale: string }) => r.sale === 'available' || r.sale === 'reserved';
      const doc = await inventoryReportPdf('Price list', await artistName(deps.db, userId), reportRows(deps.db, userId), forSale);
      return pdfResponse(doc, 'price-list.pdf');
    },
  );

  api.openapi(
    {
      method: 'get',
      path: '/paperwork/inventory.csv',
      summary: 'The inventory report as CSV (UTF-8, a header row; cells starting with =, +, - or @ are written as text)',
      tag,
      auth: true,
      responses: { 200: { description: 'The report (text/csv)', contentType: 'text/csv' }, 401: errorDoc('Not signed in') },
    },
    (c) => {
      const userId = c.var.auth.user.userId;
      async function* lines() {
        yield Buffer.from(`${REPORT_COLUMNS.map((col) => col.header).join(',')}\r\n`);
        for await (const row of reportRows(deps.db, userId)) {
          const line = reportLine(row);
          yield Buffer.from(`${REPORT_COLUMNS.map((col) => csvCell(line[col.key])).join(',')}\r\n`);
        }
      }
      return csvResponse(lines(), 'inventory-report.csv');
    },
  );

  return api;
}
