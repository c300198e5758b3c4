import { sql } from 'drizzle-orm';
import type { Logger } from '../log';
import type { Database } from './client';

const INTERVAL_MS = 60_000;

/**
 * PGlite has no autovacuum, so without this its tables are never analyzed (the planner then guesses, and a page of a
 * large artwork list sorts every row) nor vacuumed. This applies PostgreSQL's default autovacuum rules once a minute:
 * ANALYZE a table after 50 + 10% changed rows, VACUUM it after 50 + 20% dead rows.
 */
export async function maintainPglite(database: Database) {
  if (database.kind !== 'pglite') return [];
  const { db } = database;
  // Counters reach pg_stat_user_tables when a transaction ends; make sure this one's do.
  await db.execute(sql`select pg_stat_force_next_flush()`);
  const { rows } = (await db.execute(sql`
    select relname,
      n_mod_since_analyze > 50 + 0.1 * greatest(n_live_tup, 1) as analyze,
      n_dead_tup > 50 + 0.2 * greatest(n_live_tup, 1) as vacuum
    from pg_stat_user_tables
    where schemaname = 'public'`)) as unknown as { rows: Array<{ relname: string; analyze: boolean; vacuum: boolean }> };
  const done: string[] = [];
  for (const table of rows) {
    if (!table.analyze && !table.vacuum) continue;
    const name = sql.identifier(table.relname);
    await db.execute(table.vacuum ? sql`vacuum (analyze) ${name}` : sql`analyze ${name}`);
    done.push(`${table.vacuum ? 'vacuum analyze' : 'analyze'} ${table.relname}`);
  }
  return done;
}

/** Runs maintainPglite now and then once a minute; answers a stop function. */
export function startPgliteMaintenance(database: Database, log: Logger): () => void {
  if (database.kind !== 'pglite') return () => {};
  const run = () =>
    maintainPglite(database)
      .then((done) => done.length && log.debug({ done }, 'pglite maintenance'))
      .catch((err) => log.warn({ err }, 'pglite maintenance failed'));
  void run();
  const timer = setInterval(run, INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
