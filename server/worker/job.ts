import type { Logger } from '../log';

/** Work the worker does beside the deliveries, on a period of its own. */
export interface Job {
  /** Said in the log when a run fails. */
  name: string;
  /** How often it runs: a period in ms, or at every round of the worker (the mail outbox, woken by new mail). */
  every: number | 'round';
  run(): Promise<unknown>;
}

/** The most a failing job waits before its next run: its period doubled per failure, up to this. */
const MAX_BACKOFF_MS = 10 * 60_000;

/**
 * Runs jobs each on its own beat, one run of a job at a time: a slow metrics round never delays the mail, and a job
 * that fails is logged (the first failure, then every 50th) and waits longer each time, never stopping the others.
 */
export function createJobRunner(jobs: Job[], log: Pick<Logger, 'warn'>) {
  const state = jobs.map((job) => ({ job, last: -Infinity, failures: 0, running: null as Promise<void> | null }));
  const start = (s: (typeof state)[number]) => {
    s.last = Date.now();
    s.running = s.job
      .run()
      .then(() => void (s.failures = 0))
      .catch((err: unknown) => {
        s.failures += 1;
        if (s.failures === 1 || s.failures % 50 === 0) log.warn({ err, job: s.job.name, failures: s.failures }, `${s.job.name} failed`);
      })
      .finally(() => {
        s.running = null;
      });
    return s.running;
  };
  const due = (s: (typeof state)[number], now: number) => {
    if (s.job.every === 'round') return true;
    const wait = Math.min(s.job.every * 2 ** s.failures, Math.max(MAX_BACKOFF_MS, s.job.every));
    return now - s.last >= wait;
  };
  return {
    /** Starts every job that is due (all of them when `force`) and not running; answers the runs it started. */
    tick(force = false): Promise<void>[] {
      const now = Date.now();
      return state.filter((s) => !s.running && (force || due(s, now))).map(start);
    },
    /** The runs in flight (stop() lets them finish for a moment). */
    running: () => state.flatMap((s) => (s.running ? [s.running] : [])),
    /** This job's run in flight, if any. */
    runningOf: (job: Job) => state.find((s) => s.job === job)?.running ?? null,
  };
}
