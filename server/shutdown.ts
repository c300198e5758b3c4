import type { Server } from 'node:http';
import net from 'node:net';
import type { AppDeps } from './context';
import type { Lifecycle } from './http/health';

/**
 * Leaves without losing a request, in this order: readiness turns 503 (liveness stays 200) and every response says
 * `Connection: close`, so the proxy sends new requests elsewhere; after `delaySeconds` (the proxy's checks have taken
 * the instance out by then, so no new connection waits unaccepted when the port closes) the port closes; requests in
 * flight finish and idle keep-alive connections carry one more request or time out, for up to `graceSeconds`; the
 * delivery worker stops claiming and gives back its leases, so another instance takes them at once; then the database
 * closes and the process exits 0.
 */
export async function drainAndStop(
  server: Server,
  deps: Pick<AppDeps, 'log' | 'database' | 'social'>,
  lifecycle: Lifecycle,
  { graceSeconds, delaySeconds }: { graceSeconds: number; delaySeconds: number },
) {
  const { log } = deps;
  lifecycle.draining = true;
  const started = performance.now();
  if (delaySeconds) await new Promise((r) => setTimeout(r, delaySeconds * 1000));
  // The port closes, but not the idle keep-alive connections: http.Server's close() would cut them at once, and a
  // client sending on one just then would see a reset. Each stays until it carries one more request (answered with
  // Connection: close) or its keep-alive timeout, the idle time the server announced, passes.
  const closed = new Promise<boolean>((resolve) => net.Server.prototype.close.call(server, () => resolve(true)));
  const inTime = await Promise.race([closed, new Promise<boolean>((r) => setTimeout(() => r(false), graceSeconds * 1000).unref())]);
  if (!inTime) {
    log.warn({ graceSeconds }, 'requests still running after the grace period; cutting them');
    server.closeAllConnections();
  }
  log.info({ ms: Math.round(performance.now() - started) }, 'requests drained');
  await deps.social.worker.stop().catch((err) => log.warn({ err }, 'delivery worker did not stop cleanly'));
  await deps.database.close().catch((err) => log.warn({ err }, 'database did not close cleanly'));
}
