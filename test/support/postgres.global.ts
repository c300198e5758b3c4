import crypto from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db/client';
import { createLogger } from '../../server/log';
import { createDatabase, startPostgresCluster } from './postgres-cluster';

/**
 * globalSetup of the server:postgres project: one throwaway PostgreSQL 15 cluster for the whole run, with a database
 * migrated once as the template of every test's own (`create database ... template`, a file copy instead of running
 * every migration again). Tests get its superuser URL with `inject('pgAdminUrl')` and the template's name with
 * `inject('pgTemplate')`, and create their own databases on it (see test-db.ts).
 * With DATABASE_URL_ADMIN set, that server is used instead and only the template is made (and dropped at the end).
 */
export default async function setup({ provide }: TestProject): Promise<() => Promise<void>> {
  const started = performance.now();
  const external = process.env.DATABASE_URL_ADMIN;
  const cluster = external ? undefined : await startPostgresCluster();
  const adminUrl = external ?? cluster!.adminUrl;
  const template = `studio_template_${crypto.randomBytes(4).toString('hex')}`;
  const database = await openDatabase(
    { kind: 'postgres', url: await createDatabase(adminUrl, template), poolSize: 2 },
    createLogger('silent'),
  );
  await database.close();
  console.log(
    `[postgres] ${external ? 'PostgreSQL at DATABASE_URL_ADMIN' : `throwaway PostgreSQL 15 on ${adminUrl}`}, migrated template ${template} (${Math.round(performance.now() - started)} ms)`,
  );
  provide('pgAdminUrl', adminUrl);
  provide('pgTemplate', template);
  return async () => {
    if (cluster) return cluster.stop();
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(`drop database if exists "${template}"`).finally(() => client.end());
  };
}
