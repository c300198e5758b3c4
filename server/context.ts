import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { Logger } from './log';
import type { Mailer } from './mail/mailer';
import type { BlobStore } from './storage/blob-store';
import type { AuthCache, AuthEntry } from './auth/auth-cache';
import type { TokenSigner } from './auth/tokens';
import type { MediaUrls } from './media/media-urls';

/** Everything a route needs, built once at start by server/main.ts (or by a test). */
export interface AppDeps {
  config: Config;
  database: Database;
  db: Db;
  log: Logger;
  storage: BlobStore;
  mailer: Mailer;
  tokens: TokenSigner;
  authCache: AuthCache;
  /** Signs and checks the token-free addresses of media bytes. */
  mediaUrls: MediaUrls;
}

export type AppEnv = {
  Variables: {
    auth: AuthEntry;
    requestId: string;
  };
};
