import type { Server } from 'node:http';
import v8 from 'node:v8';
import vm from 'node:vm';
import { mallocTrim } from './malloc-trim';

/** How long without a request before the memory the last burst of work used is collected. */
export const QUIET_MS = 3000;
/** After the collection, when the buffers it found dead have been freed, glibc's free pages go back. */
const TRIM_AFTER_MS = 1000;

/** What the server does with V8's heap as the studio falls quiet, and as work comes back. */
export interface Collector {
  quiet(): void;
  busy(): void;
}

/**
 * V8 gives a burst's garbage back only when it next needs room, or when its memory reducer finds the process idle:
 * a compacting collection that hands free pages back to the system. The reducer looks 8 s after a full collection
 * and goes ahead only if the allocation rate has dropped, which it judged some 25 s after the soak's load ended (an
 * idle server could hold 60 MB it no longer used). So once the studio is quiet the server makes one full collection
 * and tells V8 to favour memory over speed (`--optimize-for-size`, which the reducer reads at each look), so the
 * reducer goes ahead at its next look; the first request after that turns it off, so work runs with V8's usual
 * heuristics. A second later glibc is asked for the pages freed between its blocks (`malloc-trim.ts`). `gc` is
 * exposed in a new context, since the flag must be set before the context that sees it is made (as Jest does).
 */
export function leanWhenQuiet(): Collector {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as (options: { type: 'major'; execution: 'async' }) => void;
  let trim: (() => void) | undefined;
  let trimTimer: NodeJS.Timeout | undefined;
  let lean = false;
  return {
    quiet() {
      lean = true;
      v8.setFlagsFromString('--optimize-for-size');
      // Run as a task of its own rather than inside the timer: one pause of some 50 ms, when nothing is in flight.
      gc({ type: 'major', execution: 'async' });
      trimTimer = setTimeout(() => (trim ??= mallocTrim())(), TRIM_AFTER_MS);
      trimTimer.unref();
    },
    busy() {
      clearTimeout(trimTimer);
      if (!lean) return;
      lean = false;
      v8.setFlagsFromString('--no-optimize-for-size');
    },
  };
}

/**
 * Once `quietMs` passes with no request in flight after at least one was served, calls `quiet` once; nothing happens
 * while the server stays idle, and each request calls `busy` and puts the next `quiet` off. Answers a stop function.
 */
export function collectWhenQuiet(server: Server, collector: Collector = leanWhenQuiet(), quietMs = QUIET_MS): () => void {
  let inFlight = 0;
  let timer: NodeJS.Timeout | undefined;
  const onRequest = (_req: unknown, res: NodeJS.EventEmitter) => {
    inFlight += 1;
    clearTimeout(timer);
    collector.busy();
    res.once('close', () => {
      inFlight -= 1;
      if (inFlight) return;
      clearTimeout(timer);
      timer = setTimeout(() => collector.quiet(), quietMs);
      timer.unref();
    });
  };
  server.on('request', onRequest);
  return () => {
    server.off('request', onRequest);
    clearTimeout(timer);
  };
}
