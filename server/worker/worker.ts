import crypto from 'node:crypto';
import os from 'node:os';
import type { AppDeps } from '../context';
import type { RetryPolicy } from '../retry-policy';
import { DEFAULT_RETRY } from '../social/deliver';
import { claimsSweepJob } from './claims-sweep.job';
import { deliveryJob } from './delivery.job';
import type { DeliveryWorker } from './delivery-worker';
import { inventoryJob } from './inventory.job';
import { createJobRunner } from './job';
import { limitWindowsJob } from './limit-windows.job';
import { mailOutboxJob } from './mail-outbox.job';
import { metricsJob } from './metrics.job';
import { tokenRefreshJob } from './token-refresh.job';

export interface WorkerOptions {
  pollMs: number;
  leaseSeconds: number;
  concurrency: number;
  /** How long one attempt may hold its slot: then its calls are aborted and it is tried again later. */
  attemptMs: number;
  retry: RetryPolicy;
  /** How long stop() lets attempts in flight finish before giving their leases back. */
  stopGraceMs: number;
  /** How often the upkeep jobs run: unverified sign-ups and domains past their week, old rate-limit windows, ... */
  upkeepMs: number;
  /** How often the metrics job reads the counts of the posts due a read (0: never). */
  metricsMs: number;
}

/**
 * The worker of one server process; every instance runs one. Each round it starts the jobs that are due beside the
 * deliveries (the mail outbox at every round, the metrics on their period) and the upkeep jobs (claims sweep, limit
 * windows, inventory, token refresh), each on its own beat and one run at a time, then runs the delivery job
 * (delivery.job.ts). It polls every `pollMs` and goes round again at once while there is more to do or a slot frees
 * up, or new mail is recorded. The Post button uses deliverNow() to try a post's deliveries in the request; what is not
 * done by then is left to the worker.
 */
export function createDeliveryWorker(deps: AppDeps, options: Partial<WorkerOptions> = {}): DeliveryWorker {
  const { log } = deps;
  const o: WorkerOptions = {
    pollMs: deps.config.social.pollMs,
    leaseSeconds: deps.config.social.leaseSeconds,
    concurrency: deps.config.social.concurrency,
    attemptMs: deps.config.social.attemptMs,
    retry: DEFAULT_RETRY,
    stopGraceMs: 3000,
    upkeepMs: 10 * 60_000,
    metricsMs: deps.config.social.metricsMs,
    ...options,
  };
  const me = `${os.hostname()}:${process.pid}:${crypto.randomBytes(4).toString('hex')}`;
  let running = false;
  let loopDone: Promise<void> = Promise.resolve();
  // A wake-up that arrives while a round runs makes the next sleep return at once.
  let woken = false;
  let sleeper: (() => void) | null = null;
  const wake = () => {
    woken = true;
    sleeper?.();
  };
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        sleeper = null;
        woken = false;
        resolve();
      };
      const timer = setTimeout(done, ms);
      if (woken) done();
      else sleeper = done;
    });

  const deliveries = deliveryJob(deps, me, o, wake);
  const mail = mailOutboxJob(deps, me);
  const beside = createJobRunner([mail, ...(o.metricsMs ? [metricsJob(deps, o.metricsMs)] : [])], log);
  const upkeep = createJobRunner(
    [
      claimsSweepJob(deps, o.upkeepMs),
      limitWindowsJob(deps, o.upkeepMs),
      inventoryJob(deps, o.upkeepMs),
      tokenRefreshJob(deps, o.upkeepMs),
    ],
    log,
  );

  /** One round: the jobs that are due start beside the deliveries, then the delivery job's round. True if more may wait. */
  function round(): Promise<boolean> {
    beside.tick();
    upkeep.tick();
    return deliveries.round();
  }

  async function loop() {
    let failures = 0;
    while (running) {
      let more = false;
      try {
        more = await round();
        failures = 0;
      } catch (err) {
        failures += 1;
        if (failures === 1 || failures % 50 === 0) log.warn({ err, failures }, 'delivery worker round failed');
      }
      if (!running) break;
      if (!more || deliveries.full()) await sleep(failures ? Math.min(o.pollMs * 2 ** failures, 10_000) : o.pollMs);
    }
  }

  return {
    id: me,
    start() {
      if (running) return;
      running = true;
      deps.outbox.onEnqueued(() => {
        mail.wake();
        wake();
      });
      loopDone = loop();
      log.info({ worker: me, pollMs: o.pollMs, leaseSeconds: o.leaseSeconds, concurrency: o.concurrency }, 'delivery worker started');
    },
    /** Stops claiming, lets attempts and jobs in flight finish for a moment, then gives back the leases still held. */
    async stop() {
      running = false;
      wake();
      await loopDone;
      const settled = Promise.all([...deliveries.inFlight(), ...beside.running(), ...upkeep.running()]);
      await Promise.race([settled, new Promise((r) => setTimeout(r, o.stopGraceMs).unref())]);
      await deliveries.release();
    },
    deliverNow: (ids, waitMs = 10_000) => deliveries.deliverNow(ids, waitMs),
    /** One round, for tests that drive the worker by hand: the upkeep first, then a round; waits for what it started. */
    async runOnce() {
      await Promise.all(upkeep.tick(true));
      await round();
      await Promise.all([...deliveries.inFlight(), beside.runningOf(mail)]);
    },
  };
}
