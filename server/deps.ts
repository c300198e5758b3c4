import { AuthCache } from './auth/auth-cache';
import { createTokenSigner } from './auth/tokens';
import type { Config } from './config';
import type { AppDeps } from './context';
import { openDatabase } from './db/client';
import type { Logger } from './log';
import { createMediaUrls } from './media/media-urls';
import { createMailer } from './mail/mailer';
import { deriveKey, loadOrCreateSecret } from './secrets';
import { createBlobStore } from './storage';

/** Opens the database (migrating it), storage and mail, and derives the keys: everything routes depend on. */
export async function createDeps(config: Config, log: Logger, overrides: Partial<AppDeps> = {}): Promise<AppDeps> {
  const secret = loadOrCreateSecret(config.dataDir, 'jwt', config.jwtSecret);
  const database = overrides.database ?? (await openDatabase(config.database, log));
  const authCache = new AuthCache(database, log);
  await authCache.start(database);
  return {
    config,
    database,
    db: database.db,
    log,
    storage: overrides.storage ?? createBlobStore(config.storage, deriveKey(secret, 'uploads')),
    mailer: overrides.mailer ?? createMailer(config.mail, log),
    tokens: createTokenSigner(secret, config.appUrl),
    authCache,
    mediaUrls: createMediaUrls(deriveKey(secret, 'media')),
    ...overrides,
  };
}
