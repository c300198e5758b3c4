import type { AppDeps } from '../context';
import { readPostCounts } from './appview';
import { claimDueMetrics, postponeMetrics, storeMetrics, type MetricsRead } from './metrics.repo';
import { METRICS_BATCH, METRICS_MAX_CALLS, nextMetricsRead } from './metrics-schedule';

export interface MetricsRound {
  /** getPosts calls made (each with at most 25 URIs). */
  calls: number;
  /** Posts whose counts were read. */
  read: number;
  /** Posts whose call failed (tried again a few minutes later). */
  failed: number;
}

export interface MetricsOptions {
  /** The clock of the round (tests and the bench move it). */
  now?: Date;
  maxCalls?: number;
  leaseSeconds?: number;
  /** Where the AppView is; the setting BSKY_APPVIEW_URL otherwise. */
  appViewUrl?: string;
}

/**
 * One round of the metrics refresher: claims the posted deliveries (of every account and artist together) whose
 * counts are due, at most 25 × maxCalls of them, reads them with batched getPosts calls, and stores the counts with
 * the time read and the next read by the schedule. A failed call postpones its posts by 5 minutes.
 */
export async function refreshMetrics(
  deps: Pick<AppDeps, 'db' | 'config' | 'outbound' | 'log'>,
  options: MetricsOptions = {},
): Promise<MetricsRound> {
  const { db, log } = deps;
  const now = options.now ?? new Date();
  const maxCalls = options.maxCalls ?? METRICS_MAX_CALLS;
  const appViewUrl = options.appViewUrl ?? deps.config.social.appViewUrl;
  const due = await claimDueMetrics(db, now, maxCalls * METRICS_BATCH, options.leaseSeconds ?? 120);
  const round: MetricsRound = { calls: 0, read: 0, failed: 0 };
  const batches = [];
  for (let i = 0; i < due.length; i += METRICS_BATCH) batches.push(due.slice(i, i + METRICS_BATCH));
  // One call at a time: the AppView's rate limit is per IP, shared by every artist this server hosts.
  for (const batch of batches) {
    round.calls += 1;
    try {
      const counts = await readPostCounts(
        appViewUrl,
        batch.map((d) => d.uri),
        deps.outbound.fetch,
      );
      const reads: MetricsRead[] = batch.map((d) => {
        const next = nextMetricsRead(d.postedAt.getTime(), now.getTime());
        return { id: d.id, counts: counts.get(d.uri) ?? null, next: next === null ? null : new Date(next) };
      });
      await storeMetrics(db, now, reads);
      round.read += reads.filter((r) => r.counts).length;
    } catch (err) {
      round.failed += batch.length;
      log.warn({ err: String(err), posts: batch.length }, 'could not read post metrics from the AppView');
      await postponeMetrics(
        db,
        now,
        batch.map((d) => d.id),
        5 * 60_000,
      );
    }
  }
  return round;
}
