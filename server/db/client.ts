import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Config } from '../config';
import type { Logger } from '../log';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The database plus what the server needs beside queries: a health check and cross-instance notifications. */
export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  ping(): Promise<void>;
  /** Calls fn with each payload sent to channel by any server instance (this one included). */
  listen(channel: string, fn: (payload: string) => void): Promise<void>;
  notify(channel: string, payload: string): Promise<void>;
  /** Applies pending migrations; several instances may call it at once. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
// Any constant works; every instance uses the same one so that only one migrates at a time.
const MIGRATION_LOCK = 7243001;

export async function openDatabase(config: Config['database'], log: Logger): Promise<Database> {
  const database = config.kind === 'postgres' ? await openPostgres(config.url, config.poolSize) : await openPglite(config.dir);
  const started = performance.now();
  await database.migrate();
  log.info({ db: database.kind, ms: Math.round(performance.now() - started) }, 'database ready');
  return database;
}

async function openPglite(dir: string): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const inMemory = dir === 'memory://';
  if (!inMemory) await fs.mkdir(path.dirname(dir), { recursive: true });
  return pgliteDatabase(inMemory ? await PGlite.create() : await PGlite.create(dir));
}

/** Wraps an open PGlite (the embedded default; tests also load prepared ones). */
export async function pgliteDatabase(client: import('@electric-sql/pglite').PGlite): Promise<Database> {
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const db = drizzle(client, { schema });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    migrate: () => migrate(db, { migrationsFolder }),
    ping: async () => void (await client.query('select 1')),
    listen: async (channel, fn) => void (await client.listen(channel, fn)),
    notify: async (channel, payload) => void (await db.execute(sql`select pg_notify(${channel}, ${payload})`)),
    close: () => client.close(),
  };
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const pg = (await import('pg')).default;
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  const db = drizzle(pool, { schema });
  let listener: InstanceType<typeof pg.Client> | undefined;
  const handlers = new Map<string, Array<(payload: string) => void>>();
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    async migrate() {
      const lock = await pool.connect();
      try {
        await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
        await migrate(db, { migrationsFolder });
      } finally {
        await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
        lock.release();
      }
    },
    ping: async () => void (await pool.query('select 1')),
    async listen(channel, fn) {
      if (!listener) {
        listener = new pg.Client({ connectionString: url });
        await listener.connect();
        listener.on('notification', (n) => handlers.get(n.channel)?.forEach((h) => h(n.payload ?? '')));
      }
      if (!handlers.has(channel)) {
        handlers.set(channel, []);
        await listener.query(`listen "${channel.replace(/"/g, '')}"`);
      }
      handlers.get(channel)!.push(fn);
    },
    notify: async (channel, payload) => void (await pool.query('select pg_notify($1, $2)', [channel, payload])),
    async close() {
      await listener?.end().catch(() => undefined);
      await pool.end();
    },
  };
}
