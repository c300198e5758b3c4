import type { AppDeps } from '../context';
import type { RetryPolicy } from '../retry-policy';
import { attemptDelivery } from '../social/deliver';
import { claimDue, releaseLeases, renewLeases, type DeliveryRow } from '../social/delivery.repo';
import { mailPostFailed } from '../social/post-failed.mail';
import { promoteDueDrafts } from '../social/publishing';

export interface DeliveryOptions {
  leaseSeconds: number;
  concurrency: number;
  /** How long one attempt may hold its slot: then its calls are aborted and it is tried again later. */
  attemptMs: number;
  retry: RetryPolicy;
}

/**
 * The deliveries: publishes scheduled drafts that are due (including those that came due while no server ran), claims
 * due deliveries with FOR UPDATE SKIP LOCKED under a lease, and attempts them outside any transaction, each within its
 * own deadline, in at most `concurrency` slots. Claims are fair (claimDue): one account or artist holds at most two
 * slots while others wait. Leases are short so that a crashed instance's deliveries are taken over within seconds;
 * while an attempt runs, a heartbeat renews its lease at a third of its length, so a slow attempt keeps it.
 * `freed` is called as each attempt ends (its slot is free again).
 */
export function deliveryJob(deps: AppDeps, me: string, o: DeliveryOptions, freed: () => void) {
  const { db, log } = deps;
  const inFlight = new Set<Promise<void>>();
  const held = new Set<string>();
  let heartbeat: NodeJS.Timeout | undefined;
  const renew = () =>
    void renewLeases(db, me, [...held], o.leaseSeconds).catch((err) => log.warn({ err: String(err) }, 'could not renew delivery leases'));
  const stopHeartbeat = () => {
    clearInterval(heartbeat);
    heartbeat = undefined;
  };

  const track = (d: DeliveryRow) => {
    held.add(d.id);
    if (!heartbeat) {
      heartbeat = setInterval(renew, (o.leaseSeconds * 1000) / 3);
      heartbeat.unref();
    }
    const p = attemptDelivery(deps, d, me, o.retry, o.attemptMs)
      .catch((err) => log.error({ err }, 'could not record a delivery outcome'))
      .finally(() => {
        inFlight.delete(p);
        held.delete(d.id);
        if (!held.size) stopHeartbeat();
        freed();
      });
    inFlight.add(p);
    return p;
  };

  return {
    /** Publishes due drafts, claims what fits in the free slots and starts those attempts. True if more may wait. */
    async round(): Promise<boolean> {
      const promoted = await promoteDueDrafts(db, 50, async (tx, rows) => {
        for (const d of rows) await mailPostFailed(tx, deps.outbox, d);
      });
      const free = o.concurrency - inFlight.size;
      if (free <= 0) return promoted > 0;
      const claimed = await claimDue(db, me, free, o.leaseSeconds);
      for (const d of claimed) track(d);
      return promoted > 0 || claimed.length === free;
    },
    /** Every slot is taken. */
    full: () => inFlight.size >= o.concurrency,
    inFlight: () => [...inFlight],
    /** Tries these deliveries now (those still due and not taken), waiting at most `waitMs`. */
    async deliverNow(ids: string[], waitMs: number) {
      if (!ids.length) return;
      const claimed = await claimDue(db, me, ids.length, o.leaseSeconds, ids);
      await Promise.race([Promise.all(claimed.map(track)), new Promise((r) => setTimeout(r, waitMs).unref())]);
    },
    /** Gives back the leases still held (at stop, after the grace period). */
    async release() {
      stopHeartbeat();
      await releaseLeases(db, me).catch((err) => log.warn({ err }, 'could not release delivery leases'));
    },
  };
}
