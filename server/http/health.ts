import crypto from 'node:crypto';
import type { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../context';

/** Whether this instance is leaving (SIGTERM received): set once, never cleared. */
export interface Lifecycle {
  draining: boolean;
}

export const createLifecycle = (): Lifecycle => ({ draining: false });

/** A probe of the file store is a write, a read and a delete: reused this long so health checks stay cheap. */
const STORAGE_PROBE_CACHE_MS = 5000;
const PROBE_TIMEOUT_MS = 3000;

const withTimeout = <T>(work: Promise<T>, what: string) =>
  Promise.race([
    work,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what} did not answer in time`)), PROBE_TIMEOUT_MS).unref()),
  ]);

/**
 * Health for load balancers. `/health/live`: the process runs (restart it if not). `/health/ready`: send it traffic;
 * 503 while draining or when the database or the file store fails, naming the failing part. `/health` stays the
 * database-only check it always was, for those who already use it.
 */
export function healthRoutes(hono: Hono<AppEnv>, deps: Pick<AppDeps, 'database' | 'storage' | 'log'>, lifecycle: Lifecycle) {
  const probeKey = `health/${crypto.randomBytes(8).toString('hex')}`;
  let storageChecked: { at: number; result: Promise<string | null> } | undefined;

  async function probeStorage(): Promise<string | null> {
    try {
      const bytes = Buffer.from(probeKey);
      await deps.storage.put(probeKey, bytes, 'text/plain');
      const head = await deps.storage.readHead(probeKey, bytes.length);
      await deps.storage.delete(probeKey);
      return head.equals(bytes) ? null : 'The file store answered with other bytes than were written.';
    } catch (err) {
      deps.log.warn({ err: String(err) }, 'file store health check failed');
      return 'The file store cannot be reached.';
    }
  }

  // One probe at a time: a slow store keeps answering "did not answer in time" until its probe ends, rather than
  // starting another on the same key that would delete the file the first one is about to read.
  let probing: Promise<string | null> | undefined;
  const storageProblem = () => {
    if (!storageChecked || Date.now() - storageChecked.at > STORAGE_PROBE_CACHE_MS) {
      probing ??= probeStorage().finally(() => (probing = undefined));
      storageChecked = { at: Date.now(), result: withTimeout(probing, 'The file store').catch((err: Error) => err.message) };
    }
    return storageChecked.result;
  };

  const DATABASE_DOWN = 'The database cannot be reached.';
  const healthy = () => ({ status: 'ok', database: deps.database.kind, storage: deps.storage.kind });

  hono.get('/health/live', (c) => c.json({ status: 'ok' }, 200));

  hono.get('/health/ready', async (c) => {
    if (lifecycle.draining) return c.json({ status: 'draining', message: 'This instance is shutting down.' }, 503);
    const [database, storage] = await Promise.all([
      withTimeout(deps.database.ping(), 'The database').then(
        () => null,
        () => DATABASE_DOWN,
      ),
      storageProblem(),
    ]);
    const failing = { ...(database ? { database } : {}), ...(storage ? { storage } : {}) };
    if (Object.keys(failing).length) return c.json({ status: 'unavailable', failing, message: Object.values(failing).join(' ') }, 503);
    return c.json(healthy(), 200);
  });

  hono.get('/health', async (c) => {
    try {
      await deps.database.ping();
      return c.json(healthy(), 200);
    } catch {
      return c.json({ status: 'unavailable', message: DATABASE_DOWN }, 503);
    }
  });
}
