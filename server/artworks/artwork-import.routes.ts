import type { Context } from 'hono';
import { importProblems, importQuerySchema, importReportSchema, type ImportReport } from '../../src/schemas/artwork-import.schema';
import { requireUser } from '../auth/require-user';
import type { AppDeps, AppEnv } from '../context';
import { UnsupportedType } from '../errors';
import { ApiRouter } from '../http/api-router';
import { csvResponse } from '../http/csv-response';
import { errorDoc } from '../http/router';
import { exportCells, EXPORT_HEADER, exportLine } from './artwork-export';
import { exportRows } from './artwork-export.repo';
import { parseImport, UnreadableCsv } from './artwork-import.parse';
import { importArtworks } from './artwork-import.repo';

const tag = 'Artworks';

/** The CSV body (its size is bounded before it gets here: see the body limits in app.ts); 415 for another type. */
async function readCsv(c: Context<AppEnv>): Promise<Uint8Array> {
  if (!/^text\/csv\b/i.test(c.req.header('content-type') ?? '')) throw new UnsupportedType('Send the file as text/csv.');
  return new Uint8Array(await c.req.arrayBuffer());
}

const plural = (n: number, one: string) => `${n.toLocaleString('en')} ${one}${n === 1 ? '' : 's'}`;

/** Moving an inventory in and out: import from CSV (a dry run first), and export in the same columns. */
export function artworkImportRoutes(deps: AppDeps) {
  const api = new ApiRouter(requireUser(deps));

  api.openapi(
    {
      method: 'post',
      path: '/artwork/import',
      summary:
        'Import artworks from a CSV sent as the body (text/csv, UTF-8, under 50 MB): columns by header name in any order ' +
        '(title, year, medium, height, width, depth, unit, price, currency, status, location, inventoryNumber, edition), ' +
        'others reported and ignored. dryRun=true answers what each row would become; otherwise every row is created ' +
        'or, with any problem, none',
      tag,
      auth: true,
      query: importQuerySchema,
      responses: {
        200: { description: 'The dry run: each row with its problems by line and column', schema: importReportSchema },
        201: { description: 'Every row was imported', schema: importReportSchema },
        400: { description: 'A problem in the file or a row (line and column named); nothing was imported', schema: importReportSchema },
        401: errorDoc('Not signed in'),
        413: errorDoc('The file is 50 MB or more'),
        415: errorDoc('The body is not text/csv'),
      },
    },
    async (c, { query }) => {
      const dryRun = query.dryRun === 'true';
      const bytes = await readCsv(c);
      let parsed;
      try {
        parsed = parseImport(bytes);
      } catch (err) {
        if (!(err instanceof UnreadableCsv)) throw err;
        const { line, column, message } = err.problem;
        const report: ImportReport = {
          message: `Line ${line}, column ${column}: ${message}`,
          code: 'CSV_UNREADABLE',
          dryRun,
          imported: 0,
          rows: [],
          unknownColumns: [],
          errors: [err.problem],
        };
        return c.json(report, 400);
      }
      const problems = importProblems(parsed.report).length;
      const rows = parsed.report.rows.length;
      if (problems) {
        const report: ImportReport = {
          ...parsed.report,
          message: `${plural(problems, 'problem')} in the file: ${dryRun ? 'fix them before importing' : 'nothing was imported'}`,
          code: 'IMPORT_INVALID',
          dryRun,
          imported: 0,
        };
        return c.json(report, dryRun ? 200 : 400);
      }
      if (dryRun) return c.json({ ...parsed.report, message: `${plural(rows, 'work')} ready to import`, dryRun, imported: 0 }, 200);
      const imported = await importArtworks(deps.db, c.var.auth.user.userId, parsed.works);
      return c.json({ ...parsed.report, message: `${plural(imported, 'work')} imported`, dryRun, imported }, 201);
    },
  );

  api.openapi(
    {
      method: 'get',
      path: '/artwork/export.csv',
      summary:
        'Every artwork as CSV in the columns the import reads (UTF-8, a header row; for an edition the first copy’s price ' +
        'and place); cells starting with =, +, - or @ are written as text',
      tag,
      auth: true,
      responses: { 200: { description: 'The artworks (text/csv)', contentType: 'text/csv' }, 401: errorDoc('Not signed in') },
    },
    (c) => {
      const userId = c.var.auth.user.userId;
      async function* lines() {
        yield Buffer.from(EXPORT_HEADER);
        for await (const { artwork, piece } of exportRows(deps.db, userId)) yield Buffer.from(exportLine(exportCells(artwork, piece)));
      }
      return csvResponse(lines(), 'artworks.csv');
    },
  );

  return api;
}
