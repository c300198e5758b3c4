import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import type { Config } from '../../server/config';
import { openDatabase, pgliteDatabase, type Database } from '../../server/db/client';
import { PGLITE_SETTINGS } from '../../server/db/pglite-open';
import { createLogger } from '../../server/log';
import { createDatabase } from './postgres-cluster';

/** 'postgres' in the server:postgres project, 'pglite' otherwise: for test names. */
export function dbLabel(): 'pglite' | 'postgres' {
  return process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
}

/**
 * The database config for one test server: a fresh database on the run's PostgreSQL (TEST_DB=postgres), copied from
 * the run's migrated template when there is one; else an in-memory PGlite.
 */
export async function testDatabaseConfig(): Promise<Config['database']> {
  if (dbLabel() !== 'postgres') return { kind: 'pglite', dir: 'memory://' };
  const adminUrl = inject('pgAdminUrl');
  if (!adminUrl) {
    throw new Error(
      'TEST_DB=postgres but no pgAdminUrl was provided: run in the server:postgres project (its globalSetup starts the server).',
    );
  }
  const url = await createDatabase(adminUrl, `test_${randomBytes(8).toString('hex')}`, inject('pgTemplate'));
  return { kind: 'postgres', url, poolSize: 5 };
}

const migrationsDir = path.resolve('server/db/migrations');

/** A key that changes whenever a migration or PGlite does, so a stale template is never used. */
export function migrationsHash() {
  const hash = createHash('sha256');
  hash.update(fs.readFileSync(path.resolve('node_modules/@electric-sql/pglite/package.json')));
  for (const file of fs.readdirSync(migrationsDir, { recursive: true }).map(String).sort()) {
    const full = path.join(migrationsDir, file);
    if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * Creating and migrating a PGlite database costs seconds of CPU (initdb runs in WebAssembly), so the first test process
 * makes a migrated data directory, closed cleanly, and every later one copies it (a quarter of a second) and opens the
 * copy. Answers the template's path.
 */
export async function pgliteTemplateDir(): Promise<string> {
  const template = path.join(os.tmpdir(), `studio-pglite-template-${migrationsHash()}`);
  if (fs.existsSync(path.join(template, 'PG_VERSION'))) return template;
  const partial = `${template}.${process.pid}.${randomBytes(4).toString('hex')}`;
  const { PGlite } = await import('@electric-sql/pglite');
  const database = await pgliteDatabase(await PGlite.create(partial));
  await database.migrate();
  await database.close();
  try {
    fs.renameSync(partial, template);
  } catch (err) {
    // Another process made it meanwhile: theirs is as good.
    fs.rmSync(partial, { recursive: true, force: true });
    if (!fs.existsSync(path.join(template, 'PG_VERSION'))) throw err;
  }
  return template;
}

/** A fresh, migrated database for one test file, removed when closed. */
export async function openTestDatabase(): Promise<Database> {
  const log = createLogger('silent');
  if (dbLabel() === 'postgres') return openDatabase(await testDatabaseConfig(), log);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-test-db-'));
  await seedPgliteDir(dir);
  const { PGlite } = await import('@electric-sql/pglite');
  // Sized as the studio sizes it (pglite-open.ts): PostgreSQL's 128 MB of shared buffers, cleared at every open, took
  // half of an open's CPU (0.4 s against 0.2).
  const database = await pgliteDatabase(await PGlite.create(dir, { postgresqlconf: PGLITE_SETTINGS }));
  await database.migrate();
  return {
    ...database,
    async close() {
      await database.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A migrated embedded database written to `dir` (a server's DATA_DIR/db), so a server started on it opens it rather
 * than spend many seconds creating one.
 */
export async function seedPgliteDir(dir: string) {
  fs.cpSync(await pgliteTemplateDir(), dir, { recursive: true });
}
