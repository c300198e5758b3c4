import crypto from 'node:crypto';
import os from 'node:os';
import { sweepStaleClaims } from '../auth/claims.repo';
import { forgetOldWindows } from '../auth/rate-limit.repo';
import { inventoryUpkeep } from '../inventory/inventory-upkeep';
import type { AppDeps } from '../context';
import { releaseStaleDomainClaims } from '../domains/domain.repo';
import { MAIL_BATCH } from '../mail/outbox';
import type { RetryPolicy } from '../retry-policy';
import { DEFAULT_RETRY, attemptDelivery } from './deliver';
import type { DeliveryWorker } from './delivery-worker';
import { claimDue, releaseLeases, renewLeases, type DeliveryRow } from './delivery.repo';
import { refreshMetrics } from './metrics';
import { mailPostFailed } from './post-failed.mail';
import { promoteDueDrafts } from './publishing';
import { PROVIDERS } from './providers/registry';

export interface WorkerOptions {
  pollMs: number;
  leaseSeconds: number;
  concurrency: number;
  /** How long one attempt may hold its slot: then its calls are aborted and it is tried again later. */
  attemptMs: number;
  retry: RetryPolicy;
  /** How long stop() lets attempts in flight finish before giving their leases back. */
  stopGraceMs: number;
  /** How often the upkeep runs: unverified sign-ups and domains past their week, rate-limit windows long over. */
  upkeepMs: number;
  /** How often the metrics refresher reads the counts of the posts due a read (0: never). */
  metricsMs: number;
}

/**
 * The delivery worker of one server process. Every instance runs one: it publishes scheduled drafts that are due
 * (including those that came due while no server ran), claims due deliveries with FOR UPDATE SKIP LOCKED under a
 * lease, attempts them outside any transaction, each within its own deadline (`attemptMs`), and records each outcome.
 * Claims are fair (claimDue): one account or artist holds at most two slots while others wait, so a slow or hostile
 * server delays only its own posts. It polls every `pollMs` and goes round again at once while there is more to do or
 * a slot frees up. The Post button uses deliverNow() to try a post's deliveries in the request; what is not done by
 * then is left to the worker. The same loop sends the mail requests recorded in the outbox (woken by each one), reads
 * recent posts' metrics from the AppView and runs the accounts' upkeep.
 */
export function createDeliveryWorker(deps: AppDeps, options: Partial<WorkerOptions> = {}): DeliveryWorker {
  const { db, log } = deps;
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
  const inFlight = new Set<Promise<void>>();
  let running = false;
  let loopDone: Promise<void> = Promise.resolve();
  // A wake-up that arrives while a round runs makes the next sleep return at once.
  let woken = false;
  let sleeper: (() => void) | null = null;
  const wake = () => {
    woken = true;
    sleeper?.();
  };

  // Leases are short so that a crashed instance's deliveries are taken over within seconds; while an attempt runs, a
  // heartbeat renews its lease at a third of its length, so a slow attempt keeps it.
  const held = new Set<string>();
  let heartbeat: NodeJS.Timeout | undefined;
  const renew = () =>
    void renewLeases(db, me, [...held], o.leaseSeconds).catch((err) => log.warn({ err: String(err) }, 'could not renew delivery leases'));

  const track = (d: DeliveryRow, attempt: Promise<void>) => {
    held.add(d.id);
    if (!heartbeat) {
      heartbeat = setInterval(renew, (o.leaseSeconds * 1000) / 3);
      heartbeat.unref();
    }
    const p = attempt
      .catch((err) => log.error({ err }, 'could not record a delivery outcome'))
      .finally(() => {
        inFlight.delete(p);
        held.delete(d.id);
        if (!held.size) {
          clearInterval(heartbeat);
          heartbeat = undefined;
        }
        wake();
      });
    inFlight.add(p);
    return p;
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

  // Mail from the outbox goes out beside the deliveries, never holding them up: one sender at a time, which goes round
  // again while batches come back full or mail was recorded meanwhile.
  let mailing: Promise<void> | null = null;
  let mailAgain = false;
  const sendMail = () => {
    mailAgain = true;
    mailing ??= (async () => {
      while (mailAgain) {
        mailAgain = false;
        if ((await deps.outbox.sendDue(me)) === MAIL_BATCH) mailAgain = true;
      }
    })()
      .catch((err) => log.warn({ err }, 'mail round failed'))
      .finally(() => {
        mailing = null;
      });
    return mailing;
  };

  // The metrics refresher also runs beside the deliveries, one round at a time, every metricsMs.
  let metrics: Promise<void> | null = null;
  let lastMetrics = 0;
  const readMetrics = () => {
    if (!o.metricsMs || metrics || Date.now() - lastMetrics < o.metricsMs) return;
    lastMetrics = Date.now();
    metrics = refreshMetrics(deps)
      .then((r) => {
        if (r.calls) log.info(r, 'post metrics read');
      })
      .catch((err) => log.warn({ err }, 'metrics round failed'))
      .finally(() => {
        metrics = null;
      });
  };

  let lastUpkeep = 0;
  async function upkeep(force = false) {
    if (!force && Date.now() - lastUpkeep < o.upkeepMs) return;
    lastUpkeep = Date.now();
    const swept = await sweepStaleClaims(db);
    if (swept) log.info({ swept }, 'unverified sign-ups past their week removed');
    const released = await releaseStaleDomainClaims(db);
    if (released) log.info({ released }, 'unverified custom domains unchecked for a week released');
    await forgetOldWindows(db);
    await inventoryUpkeep(deps);
    // Logins that lapse unless renewed (Instagram's 60-day token).
    for (const provider of Object.values(PROVIDERS)) await provider.refreshTokens?.(deps);
  }

  /** One round: send mail, publish due drafts, claim what fits in the free slots, start those attempts. True if more may wait. */
  async function round(): Promise<boolean> {
    void sendMail();
    readMetrics();
    await upkeep();
    const promoted = await promoteDueDrafts(db, 50, async (tx, rows) => {
      for (const d of rows) await mailPostFailed(tx, deps.outbox, d);
    });
    const free = o.concurrency - inFlight.size;
    if (free <= 0) return promoted > 0;
    const claimed = await claimDue(db, me, free, o.leaseSeconds);
    for (const d of claimed) track(d, attemptDelivery(deps, d, me, o.retry, o.attemptMs));
    return promoted > 0 || claimed.length === free;
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
      if (!more || inFlight.size >= o.concurrency) await sleep(failures ? Math.min(o.pollMs * 2 ** failures, 10_000) : o.pollMs);
    }
  }

  return {
    id: me,
    start() {
      if (running) return;
      running = true;
      deps.outbox.onEnqueued(wake);
      loopDone = loop();
      log.info({ worker: me, pollMs: o.pollMs, leaseSeconds: o.leaseSeconds, concurrency: o.concurrency }, 'delivery worker started');
    },
    /** Stops claiming, lets attempts in flight finish for a moment, then gives back the leases still held. */
    async stop() {
      running = false;
      wake();
      await loopDone;
      const settled = Promise.all([...inFlight, mailing, metrics]);
      await Promise.race([settled, new Promise((r) => setTimeout(r, o.stopGraceMs).unref())]);
      clearInterval(heartbeat);
      heartbeat = undefined;
      await releaseLeases(db, me).catch((err) => log.warn({ err }, 'could not release delivery leases'));
    },
    /** Tries these deliveries now (those still due and not taken), waiting at most `waitMs`; the rest go on in the background. */
    async deliverNow(ids: string[], waitMs = 10_000) {
      if (!ids.length) return;
      const claimed = await claimDue(db, me, ids.length, o.leaseSeconds, ids);
      const attempts = claimed.map((d) => track(d, attemptDelivery(deps, d, me, o.retry, o.attemptMs)));
      await Promise.race([Promise.all(attempts), new Promise((r) => setTimeout(r, waitMs).unref())]);
    },
    /** One round of the loop, for tests that drive the worker by hand; waits for the attempts it started. */
    async runOnce() {
      await upkeep(true);
      await round();
      await Promise.all([...inFlight, mailing]);
    },
  };
}
