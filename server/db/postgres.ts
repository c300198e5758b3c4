import type { Logger } from '../log';
import type { Database, Db } from './database';
import * as schema from './schema';

// Any constant works; every instance uses the same one so that only one migrates at a time.
const MIGRATION_LOCK = 7243001;
/** Backoff of the notification connection while the database is away: short, so it is back within seconds. */
const RECONNECT_MIN_MS = 100;
const RECONNECT_MAX_MS = 2000;

/**
 * PostgreSQL shared by every instance. A dropped connection (a restart, a failover, a proxy closing idle ones,
 * pg_terminate_backend) never ends the process: the pool drops the broken client and opens a new one on the next
 * query, and the LISTEN connection reconnects with backoff, listens again and tells `onNotificationsLost` callers
 * that notifications sent meanwhile were missed.
 */
export async function openPostgres(url: string, poolSize: number, migrationsFolder: string, log: Logger): Promise<Database> {
  const pg = (await import('pg')).default;
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  // A query waiting for a connection gives up after a while instead of queueing forever while the database is away.
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 5000 });
  // An idle client whose connection broke: the pool removes it; without a listener the event would end the process.
  pool.on('error', (err) => log.warn({ err: String(err) }, 'database connection lost (idle); the pool opens another when needed'));
  // A checked-out client can break between two queries of a transaction: its next query fails and it is dropped on release.
  pool.on('connect', (client) => client.on('error', (err) => log.debug({ err: String(err) }, 'database connection lost (in use)')));
  const db = drizzle(pool, { schema }) as unknown as Db;

  const handlers = new Map<string, Array<(payload: string) => void>>();
  const lostHandlers: Array<() => void> = [];
  let listener: InstanceType<typeof pg.Client> | undefined;
  let connecting: Promise<void> | undefined;
  let closed = false;
  let retryTimer: NodeJS.Timeout | undefined;

  const listenAll = (client: InstanceType<typeof pg.Client>, channels: string[]) =>
    Promise.all(channels.map((channel) => client.query(`listen "${channel.replace(/"/g, '')}"`)));

  async function connectListener() {
    const client = new pg.Client({ connectionString: url });
    client.on('notification', (n) => handlers.get(n.channel)?.forEach((h) => h(n.payload ?? '')));
    client.on('error', (err) => lost(client, err));
    client.on('end', () => lost(client, new Error('notification connection ended')));
    try {
      await client.connect();
      await listenAll(client, [...handlers.keys()]);
    } catch (err) {
      client.removeAllListeners('end');
      client.removeAllListeners('error');
      client.on('error', () => undefined);
      await client.end().catch(() => undefined);
      throw err;
    }
    listener = client;
  }

  function lost(client: InstanceType<typeof pg.Client>, err: unknown) {
    if (closed || listener !== client) return;
    listener = undefined;
    client.removeAllListeners('end');
    log.warn({ err: String(err) }, 'notification connection lost; reconnecting');
    void client.end().catch(() => undefined);
    reconnect(RECONNECT_MIN_MS);
  }

  function reconnect(delayMs: number) {
    if (closed) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      connecting = connectListener()
        .then(() => {
          log.info('notification connection restored');
          // Whatever was sent while it was down never arrived.
          for (const fn of lostHandlers) fn();
        })
        .catch((err) => {
          log.debug({ err: String(err) }, 'notification connection not restored yet');
          reconnect(Math.min(delayMs * 2, RECONNECT_MAX_MS));
        })
        .finally(() => (connecting = undefined));
    }, delayMs);
    retryTimer.unref();
  }

  return {
    db,
    kind: 'postgres',
    async migrate() {
      const lock = await pool.connect();
      try {
        await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
        await migrate(db as never, { migrationsFolder });
      } finally {
        await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
        lock.release();
      }
    },
    ping: async () => void (await pool.query('select 1')),
    async listen(channel, fn) {
      const fresh = !handlers.has(channel);
      if (fresh) handlers.set(channel, []);
      handlers.get(channel)!.push(fn);
      if (!listener && !connecting && !retryTimer) {
        connecting = connectListener().finally(() => (connecting = undefined));
        await connecting;
      } else if (fresh && listener) {
        await listenAll(listener, [channel]);
      }
      // While reconnecting, the channel is listened to once the connection is back.
    },
    onNotificationsLost: (fn) => void lostHandlers.push(fn),
    notify: async (channel, payload) => void (await pool.query('select pg_notify($1, $2)', [channel, payload])),
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      await connecting?.catch(() => undefined);
      await listener?.end().catch(() => undefined);
      await pool.end();
    },
  };
}
