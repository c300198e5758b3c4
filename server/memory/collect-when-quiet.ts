import type { Server } from 'node:http';
import v8 from 'node:v8';
import vm from 'node:vm';

/** How long without a request before the memory the last burst of work used is collected. */
export const QUIET_MS = 3000;

export type Collect = () => void;

/**
 * V8 gives a burst's garbage back only when it next needs room, or when its memory reducer, after a full collection,
 * finds the allocation rate low: an idle server could hold some 60 MB it no longer used (three minutes of twenty
 * artists). This full collection starts that reducer as soon as the studio is quiet. The flag must be set before
 * the first context that should see `gc` is made, so a new context is made for it (as Jest does).
 */
export function majorCollection(): Collect {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as (options: { type: 'major'; execution: 'async' }) => void;
  // Run as a task of its own rather than inside the caller: one pause of some 50 ms, when nothing is in flight.
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
