import type { TestProject } from 'vitest/node';
import { startPostgresCluster } from './postgres-cluster';

/**
 * globalSetup of the server:postgres project: one throwaway PostgreSQL 15 cluster for the whole run.
 * Tests get its superuser URL with `inject('pgAdminUrl')` and create their own databases on it (see test-db.ts).
 * With DATABASE_URL_ADMIN set, that server is used instead and nothing is started.
 */
export default async function setup({ provide }: TestProject): Promise<() => Promise<void>> {
  const external = process.env.DATABASE_URL_ADMIN;
  if (external) {
    provide('pgAdminUrl', external);
    return async () => {};
  }
  const started = performance.now();
  const cluster = await startPostgresCluster();
  console.log(`[postgres] throwaway PostgreSQL 15 on ${cluster.adminUrl} (${Math.round(performance.now() - started)} ms)`);
  provide('pgAdminUrl', cluster.adminUrl);
  return () => cluster.stop();
}
