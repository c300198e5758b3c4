import { importReportSchema } from '../src/schemas/artwork-import.schema';
import { inventoryCsv } from '../test/support/inventory-csv';
import { onThrowawayPostgres } from '../test/support/postgres-cluster';
import { signedInUser, startServer, type BudgetResult, type Suite } from './support';

const ROWS = 5_000;
const BUDGET_MS = 10_000;

/** POST /api/artwork/import of a 5,000-row inventory, timed from the client: the dry run, then the import itself. */
async function measure(label: string, env: Record<string, string>): Promise<BudgetResult[]> {
  const server = await startServer({ LOG_LEVEL: 'warn', ...env });
  try {
    const artist = await signedInUser(server, `import-${Date.now()}@example.com`);
    const csv = inventoryCsv(ROWS);
    const send = async (dryRun: boolean) => {
      const started = performance.now();
      const res = await fetch(`${server.url}/api/artwork/import${dryRun ? '?dryRun=true' : ''}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${artist.idToken}`, 'content-type': 'text/csv' },
        body: csv,
      });
      const report = importReportSchema.parse(await res.json());
      const ms = performance.now() - started;
      if (res.status !== (dryRun ? 200 : 201) || report.rows.length !== ROWS) throw new Error(`import: ${res.status} ${report.message}`);
      return ms;
    };
    const dry = await send(true);
    const real = await send(false);
    const method =
      `One server process (tsx, ${label}), one artist; a CSV of ${ROWS} works (${(csv.length / 1024).toFixed(0)} KB: sizes, prices, ` +
      'one in ten sold to an unknown buyer, one in ten moved to storage, one in twenty an edition of 10 + 2 AP) sent to ' +
      'POST /api/artwork/import, first with dryRun=true, then for real (one transaction); timed from the client to the last byte of the answer.';
    return [
      {
        name: `Import of ${ROWS} rows, dry run (${label})`,
        budget: `<= ${BUDGET_MS / 1000} s`,
        measured: `${(dry / 1000).toFixed(2)} s`,
        pass: dry <= BUDGET_MS,
        method,
      },
      {
        name: `Import of ${ROWS} rows (${label})`,
        budget: `<= ${BUDGET_MS / 1000} s`,
        measured: `${(real / 1000).toFixed(2)} s`,
        pass: real <= BUDGET_MS,
        method,
      },
    ];
  } finally {
    await server.stop();
  }
}

/** Moving in: an inventory of 5,000 works imported from CSV within 10 s, on both databases. */
export const artworkImportSuite: Suite = {
  title: 'Inventory: CSV import',
  run: async () => {
    const results = await measure('PGlite', {});
    results.push(...(await onThrowawayPostgres((env) => measure('PostgreSQL', env))));
    return results;
  },
};
