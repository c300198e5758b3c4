import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The database plus what the server needs beside queries: a health check and cross-instance notifications. */
export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  ping(): Promise<void>;
  /** Calls fn with each payload sent to channel by any server instance (this one included). */
  listen(channel: string, fn: (payload: string) => void): Promise<void>;
  /** Calls fn when notifications may have been missed (the connection that receives them was lost and is back). */
  onNotificationsLost(fn: () => void): void;
  notify(channel: string, payload: string): Promise<void>;
  /** Applies pending migrations; several instances may call it at once. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}
