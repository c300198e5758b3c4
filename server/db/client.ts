import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { Logger } from '../log';
import { openPgliteDir } from './pglite-open';
import type { Database, Db } from './database';
import { openPostgres } from './postgres';
import * as schema from './schema';

export type { Database, Db } from './database';

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export async function openDatabase(config: Config['database'], log: Logger): Promise<Database> {
  const database =
    config.kind === 'postgres' ? await openPostgres(config.url, config.poolSize, migrationsFolder, log) : await openPglite(config.dir);
  const started = performance.now();
  await database.migrate();
  log.info({ db: database.kind, ms: Math.round(performance.now() - started) }, 'database ready');
  return database;
}

async function openPglite(dir: string): Promise<Database> {
  if (dir === 'memory://') {
    const { PGlite } = await import('@electric-sql/pglite');
    return pgliteDatabase(await PGlite.create());
  }
  await fs.mkdir(path.dirname(dir), { recursive: true });
  return pgliteDatabase(await openPgliteDir(dir));
}

/** Wraps an open PGlite (the embedded default; tests also load prepared ones). */
export async function pgliteDatabase(client: import('@electric-sql/pglite').PGlite): Promise<Database> {
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const { drizzleClient } = await import('./pglite-queries');
  const db = drizzle(drizzleClient(client), { schema });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    migrate: () => migrate(db, { migrationsFolder }),
    ping: async () => void (await client.query('select 1')),
    listen: async (channel, fn) => void (await client.listen(channel, fn)),
    // In the same process as the database: no connection to lose.
    onNotificationsLost: () => undefined,
    notify: async (channel, payload) => void (await db.execute(sql`select pg_notify(${channel}, ${payload})`)),
    close: () => client.close(),
  };
}
