import v8 from 'node:v8';
import vm from 'node:vm';

/**
 * Full garbage collections, one every `everyMs` until the returned function is called: what `node --expose-gc` and
 * `gc()` in a loop give, with the flag set at run time and `gc` taken from a new context (the flag only shows in
 * contexts made after it is set). What a request holds only weakly is gone within a few milliseconds.
 */
export function collectEvery(everyMs = 20): () => void {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as () => void;
  const timer = setInterval(gc, everyMs);
  return () => clearInterval(timer);
}

/** The promise's outcome, or 'still waiting' if it has not settled within `ms` (so a hang fails an assertion, not the run). */
export function settledWithin<T>(ms: number, promise: Promise<T>): Promise<{ value: T } | { error: unknown } | 'still waiting'> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise.then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    ),
    new Promise<'still waiting'>((resolve) => (timer = setTimeout(() => resolve('still waiting'), ms))),
  ]).finally(() => clearTimeout(timer));
}
