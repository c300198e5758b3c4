import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import type { Config } from '../../server/config';
import { openDatabase, pgliteDatabase, type Database } from '../../server/db/client';
import { createLogger } from '../../server/log';
import { createDatabase } from './postgres-cluster';

/** 'postgres' in the server:postgres project, 'pglite' otherwise: for test names. */
export function dbLabel(): 'pglite' | 'postgres' {
  return process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
}

/**
 * The database config for one test server: a fresh database on the run's PostgreSQL (TEST_DB=postgres),
 * else an in-memory PGlite.
 */
export async function testDatabaseConfig(): Promise<Config['database']> {
  if (dbLabel() !== 'postgres') return { kind: 'pglite', dir: 'memory://' };
  const adminUrl = inject('pgAdminUrl');
  if (!adminUrl) {
    throw new Error(
      'TEST_DB=postgres but no pgAdminUrl was provided: run in the server:postgres project (its globalSetup starts the server).',
    );
  }
  const url = await createDatabase(adminUrl, `test_${randomBytes(8).toString('hex')}`);
  return { kind: 'postgres', url, poolSize: 5 };
}

const migrationsDir = path.resolve('server/db/migrations');

/** A key that changes whenever a migration does, so a stale template is never used. */
function migrationsHash() {
  const hash = createHash('sha256');
  for (const file of fs.readdirSync(migrationsDir, { recursive: true }).map(String).sort()) {
    const full = path.join(migrationsDir, file);
    if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * PGlite takes seconds to initialise and migrate, so the first test process builds a migrated template on disk and
 * every later one loads it (well under a second). Answers the template's path.
 */
async function pgliteTemplate(): Promise<string> {
  const template = path.join(os.tmpdir(), `studio-pglite-template-${migrationsHash()}.tar`);
  if (!fs.existsSync(template)) {
    const { PGlite } = await import('@electric-sql/pglite');
    const client = await PGlite.create();
    const database = await pgliteDatabase(client);
    await database.migrate();
    const dump = Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer());
    await database.close();
    const partial = `${template}.${process.pid}`;
    fs.writeFileSync(partial, dump);
    fs.renameSync(partial, template);
  }
  return template;
}

/** A fresh, migrated database for one test file. */
export async function openTestDatabase(): Promise<Database> {
  const log = createLogger('silent');
  if (dbLabel() === 'postgres') return openDatabase(await testDatabaseConfig(), log);
  const { PGlite } = await import('@electric-sql/pglite');
  const database = await pgliteDatabase(await PGlite.create({ loadDataDir: new Blob([fs.readFileSync(await pgliteTemplate())]) }));
  await database.migrate();
  return database;
}

/**
 * A migrated embedded database written to `dir` (a server's DATA_DIR/db), so a server started on it opens it rather
 * than spend many seconds creating one.
 */
export async function seedPgliteDir(dir: string) {
  const { PGlite } = await import('@electric-sql/pglite');
  const client = await PGlite.create(dir, { loadDataDir: new Blob([fs.readFileSync(await pgliteTemplate())]) });
  await client.close();
}
