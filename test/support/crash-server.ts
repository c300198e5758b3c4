import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { seedPgliteDir, testDatabaseConfig } from './test-db';

/**
 * The settings of a server process that a crash test kills and starts again on the same data: its own data directory
 * (a seeded PGlite, or the run's PostgreSQL), secrets fixed for both instances (the second opens what the first
 * sealed), private addresses allowed and the worker polling often.
 */
export async function crashServerEnv(prefix: string, extra: Record<string, string> = {}) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
  const database = await testDatabaseConfig();
  if (database.kind === 'pglite') await seedPgliteDir(path.join(dataDir, 'db'));
  const env: Record<string, string> = {
    ...(database.kind === 'postgres' ? { DATABASE_URL: database.url } : {}),
    ...extra,
    DATA_DIR: dataDir,
    JWT_SECRET: crypto.randomBytes(24).toString('base64url'),
    SOCIAL_SECRET_KEY: crypto.randomBytes(24).toString('base64url'),
    SOCIAL_ALLOW_PRIVATE_NETWORK: 'true',
    SOCIAL_POLL_MS: '200',
    LOG_LEVEL: 'warn',
  };
  return { dataDir, env };
}
