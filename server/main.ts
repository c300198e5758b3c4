import { serve } from '@hono/node-server';
import sharp from 'sharp';
import type { Server } from 'node:http';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { startPgliteMaintenance } from './db/pglite-maintenance';
import { createDeps } from './deps';
import { createLifecycle } from './http/health';
import { createLogger } from './log';
import { drainAndStop } from './shutdown';
import { checkDataDir, checkSharedSettings, lockDataDir } from './start-checks';
import { startStorageSweeper } from './storage-sweep/storage-sweep';
import { collectWhenQuiet } from './memory/collect-when-quiet';

async function main() {
  // libvips keeps up to 50 MB of recent operations for reuse; every upload is a new image, so it would only hold memory.
  sharp.cache(false);
  const startedAt = new Date();
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const log = createLogger(config.logLevel);
  checkDataDir(config);
  if (config.database.kind === 'pglite') lockDataDir(config.dataDir);
  const deps = await createDeps(config, log);
  if (config.database.kind === 'postgres') {
    // Required with DATABASE_URL (config refuses to start without them).
    await checkSharedSettings(deps.db, {
      JWT_SECRET: config.jwtSecret!,
      SOCIAL_SECRET_KEY: config.social.secretKey!,
      APP_URL: config.appUrl,
      // The confidential OAuth client's key (required there on https): another key would fail every token request.
      ...(config.social.oauth.privateKey ? { OAUTH_PRIVATE_KEY: config.social.oauth.privateKey } : {}),
    });
  }
  const lifecycle = createLifecycle();
  const app = buildApp(deps, lifecycle);

  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    log.info(
      {
        port: info.port,
        host: config.host,
        url: `http://localhost:${info.port}`,
        dataDir: config.dataDir,
        database: deps.database.kind,
        storage: deps.storage.kind,
      },
      'server listening',
    );
  });
  server.on('error', (err) => {
    log.fatal({ err }, 'cannot listen');
    process.exit(1);
  });

  // The memory a burst of requests used goes back to the system once the studio is quiet again.
  const stopCollecting = collectWhenQuiet(server as Server);
  const stopMaintenance = startPgliteMaintenance(deps.database, log);
  // Publishes scheduled posts and delivers them; posts that came due while no server ran go out now.
  deps.social.worker.start();
  // Removes what crashes and abandoned uploads left in storage; the embedded database means this server is alone.
  const stopSweeper = startStorageSweeper(deps, {
    graceMs: config.storageSweepGraceMinutes * 60_000,
    alone: config.database.kind === 'pglite',
    startedAt,
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    stopSweeper();
    stopMaintenance();
    stopCollecting();
    drainAndStop(server as Server, deps, lifecycle, {
      graceSeconds: config.shutdownGraceSeconds,
      delaySeconds: config.shutdownDelaySeconds,
    })
      .then(() => process.exit(0))
      .catch((err) => {
        log.error({ err }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((err) => {
  console.error('The server could not start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
