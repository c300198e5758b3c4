import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../server/db/client';
import { createLogger } from '../../server/log';
import type { SiteSnapshot } from '../../server/publish/snapshot';
import { LocalBlobStore } from '../../server/storage/local-store';
import { startServer, type RunningServer } from './browser';
import { storeImages, storeSnapshot } from './site-snapshot';
import { seedPgliteDir } from './test-db';

export interface SiteServer {
  server: RunningServer;
  slug: string;
  /** The address of a page of the site: '' for the artist's page, '/artworks/<id>'... */
  url(path?: string): string;
  stop(): Promise<void>;
}

/**
 * A server (as `npm start` runs it) whose data directory already holds a published site: the snapshot
 * in its PGlite database and the images in its files, written before it starts (PGlite lives inside the server).
 */
export async function startSiteServer(snapshot: SiteSnapshot, { grain = 0, env = {} as Record<string, string> } = {}): Promise<SiteServer> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'studio-site-'));
  // Copied from the migrated template rather than created here: creating one costs seconds of CPU.
  await seedPgliteDir(path.join(dataDir, 'db'));
  const database = await openDatabase({ kind: 'pglite', dir: path.join(dataDir, 'db') }, createLogger('silent'));
  let slug: string;
  try {
    ({ slug } = await storeSnapshot(database.db, snapshot));
  } finally {
    await database.close();
  }
  await storeImages(new LocalBlobStore({ dir: path.join(dataDir, 'files'), secret: 'unused' }), slug, snapshot, { grain });
  const server = await startServer({ LOG_LEVEL: 'warn', DATA_DIR: dataDir, ...env });
  return {
    server,
    slug,
    url: (p = '') => `${server.url}/p/${slug}${p}`,
    async stop() {
      await server.stop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
