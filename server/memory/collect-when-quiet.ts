import type { Server } from 'node:http';
import v8 from 'node:v8';
import vm from 'node:vm';

/** How long without a request before the memory the last burst of work used is collected. */
export const QUIET_MS = 5000;

export type Collect = () => void;

/**
 * V8's own collector for an idle process (its memory reducer) waits for the allocation rate to drop near zero, which
 * a server whose delivery worker polls the database never reaches: after a burst of work, the garbage it left (some
 * 60 MB after ten minutes of twenty artists) stayed resident for as long as the server was idle. The flag must be set
 * before the first context that should see `gc` is made, so a new context is made for it (as Jest does).
 */
export function majorCollection(): Collect {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as (options: { type: 'major'; execution: 'async' }) => void;
  // Incremental marking in tasks between other work: no pause a request arriving meanwhile would feel.
  return () => gc({ type: 'major', execution: 'async' });
}

/**
 * Once `quietMs` passes with no request in flight after at least one was served, collects once; nothing happens
 * while the server stays idle, and any request puts the collection off again. Answers a stop function.
 */
export function collectWhenQuiet(server: Server, collect: Collect = majorCollection(), quietMs = QUIET_MS): () => void {
  let inFlight = 0;
  let timer: NodeJS.Timeout | undefined;
  const onRequest = (_req: unknown, res: NodeJS.EventEmitter) => {
    inFlight += 1;
    clearTimeout(timer);
    res.once('close', () => {
      inFlight -= 1;
      if (inFlight) return;
      clearTimeout(timer);
      timer = setTimeout(collect, quietMs);
      timer.unref();
    });
  };
  server.on('request', onRequest);
  return () => {
    server.off('request', onRequest);
    clearTimeout(timer);
  };
}
