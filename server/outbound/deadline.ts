import { AsyncLocalStorage } from 'node:async_hooks';

/** What a deadline aborts with: named like the DOM's timeout, so callers that test `name` keep working. */
export class DeadlinePassed extends Error {
  constructor(readonly ms: number) {
    super(`No answer within ${ms} ms.`);
    this.name = 'TimeoutError';
  }
}

export interface Deadline {
  /** Aborts when the time is up, or when a signal it follows aborts. */
  readonly signal: AbortSignal;
  /** Ends the deadline early: the timer and the listeners on the signals it follows go. Safe to call twice. */
  clear(): void;
}

/** The deadline of the work running now (set by withDeadline), which outbound calls made inside it follow. */
const current = new AsyncLocalStorage<AbortSignal>();

/** The signal of the innermost withDeadline around the caller, if any. */
export const ambientDeadline = (): AbortSignal | undefined => current.getStore();

/**
 * A deadline of `ms` that the caller holds: its own AbortController, aborted by a plain timer. undici holds the signals
 * of AbortSignal.timeout and AbortSignal.any only weakly (nodejs/undici#4068): after a garbage collection their
 * timers fire into nothing and the request never ends. Here the timer holds the controller, so the abort always comes,
 * and `clear()` ends both. It also aborts as soon as any of `follow` does (the caller's own signal, an outer deadline).
 */
export function startDeadline(ms: number, follow: Array<AbortSignal | null | undefined> = []): Deadline {
  const controller = new AbortController();
  const sources = follow.filter((s): s is AbortSignal => Boolean(s));
  const onAbort = function (this: AbortSignal) {
    controller.abort(this.reason);
  };
  const clear = () => {
    clearTimeout(timer);
    for (const s of sources) s.removeEventListener('abort', onAbort);
  };
  const timer = setTimeout(() => {
    clear();
    controller.abort(new DeadlinePassed(ms));
  }, ms);
  for (const s of sources) {
    if (s.aborted) {
      clear();
      controller.abort(s.reason);
      break;
    }
    s.addEventListener('abort', onAbort, { once: true });
  }
  controller.signal.addEventListener('abort', clear, { once: true });
  return { signal: controller.signal, clear };
}

/**
 * Runs `work` with a signal that aborts after `ms` (or when an outer withDeadline's does), and settles by then whether
 * or not the work listens: the returned promise rejects with the signal's reason (DeadlinePassed) at the deadline.
 * Every outbound call made inside `work` (through the outbound door) ends with it too, even one that was not handed the
 * signal. The timer is cleared as soon as the work settles.
 */
export async function withDeadline<T>(ms: number, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const deadline = startDeadline(ms, [ambientDeadline()]);
  const { signal } = deadline;
  let onAbort: (() => void) | undefined;
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(signal.reason);
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return await Promise.race([current.run(signal, () => work(signal)), aborted]);
  } finally {
    deadline.clear();
    signal.removeEventListener('abort', onAbort!);
  }
}
